import type { QueueSummary } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Headers, reviewerHeaders, seedCheck, type TestApp } from '../../test/reviews-test-kit.js';
import { createTestApp } from '../../test/test-app.js';

let t: TestApp;
let rita: Headers;
let otto: Headers;
const RITA = 'rita@emvo.test';
const OTTO = 'otto@emvo.test';

interface Row {
  id: string;
  obpNumber: string;
  legalName: string;
  orgType: string;
  country: string | null;
  mahCount: number;
  submittedAt: string | null;
  slaDueAt: string | null;
  overdue: boolean;
  attempt: number;
  status: string;
  assignee: string | null;
  version: number;
}

const DAY = 86_400_000;
const now = Date.now();
const daysAgo = (days: number) => new Date(now - days * DAY);
const inDays = (days: number) => new Date(now + days * DAY);

/**
 * A small, hand-made queue, so every expected answer can be read off it. Q-numbers are legitimacy
 * checks; the contractual and financial ones and the never-submitted one must never show in it.
 */
const LEGITIMACY = [
  // Submitted 40 days ago, due 19 days ago, waiting: overdue.
  {
    obp: 'C00001',
    name: 'Acme Pharma',
    orgType: 'OPM',
    country: 'BE',
    mahCount: 1,
    status: 'SUBMITTED',
    submitted: 40,
    due: -19,
    assignee: null,
  },
  {
    obp: 'C00002',
    name: 'Boreal Biotech',
    orgType: 'PD',
    country: 'FI',
    mahCount: 3,
    status: 'IN_REVIEW',
    submitted: 30,
    due: -9,
    assignee: RITA,
  },
  {
    obp: 'C00003',
    name: 'Cedar Generics',
    orgType: 'OPM',
    country: 'FR',
    mahCount: 5,
    status: 'IN_REVIEW',
    submitted: 10,
    due: 11,
    assignee: RITA,
  },
  {
    obp: 'C00004',
    name: 'Delta Health',
    orgType: 'OPM',
    country: 'BE',
    mahCount: 12,
    status: 'IN_REVIEW',
    submitted: 20,
    due: 1,
    assignee: OTTO,
  },
  // Decided long after its due date: late, but no longer overdue (it waits on nobody).
  {
    obp: 'C00005',
    name: 'acme laboratories',
    orgType: 'PD',
    country: 'DE',
    mahCount: 2,
    status: 'APPROVED',
    submitted: 60,
    due: -39,
    assignee: RITA,
  },
  {
    obp: 'C00006',
    name: 'Fjord Medicines',
    orgType: 'OPM',
    country: 'NO',
    mahCount: 1,
    status: 'CORRECTIONS_REQUESTED',
    submitted: 50,
    due: -29,
    assignee: OTTO,
  },
  {
    obp: 'C00007',
    name: 'Gamma Care',
    orgType: 'OPM',
    country: 'IT',
    mahCount: 4,
    status: 'SUBMITTED',
    submitted: 2,
    due: 19,
    assignee: null,
  },
] as const;

beforeAll(async () => {
  t = await createTestApp();
  rita = await reviewerHeaders(t, RITA);
  otto = await reviewerHeaders(t, OTTO);
  for (const row of LEGITIMACY) {
    await seedCheck(t, {
      status: row.status,
      submittedAt: daysAgo(row.submitted),
      slaDueAt: inDays(row.due),
      assignee: row.assignee,
      attempt: row.obp === 'C00003' ? 2 : 1,
      organisation: {
        obpNumber: row.obp,
        legalName: row.name,
        orgType: row.orgType,
        country: row.country,
        mahCount: row.mahCount,
        email: `info@${row.obp.toLowerCase()}.example`,
      },
    });
  }
  // Not in the legitimacy queue: never submitted, or checks of the other types.
  await seedCheck(t, { status: 'NOT_SUBMITTED', organisation: { obpNumber: 'C00008' } });
  await seedCheck(t, {
    type: 'CONTRACTUAL',
    status: 'SUBMITTED',
    submittedAt: daysAgo(100),
    organisation: { obpNumber: 'C00009' },
  });
  await seedCheck(t, {
    type: 'FINANCIAL',
    status: 'IN_REVIEW',
    submittedAt: daysAgo(5),
    assignee: RITA,
    organisation: { obpNumber: 'C00010' },
  });
});
afterAll(() => t.app.close());

async function queue(query: string, headers = rita, name = 'legitimacy') {
  const response = await t.app.inject({ method: 'GET', url: `/api/review-queues/${name}?${query}`, headers });
  return { status: response.statusCode, body: response.json() };
}
const numbers = (body: { items: Row[] }) => body.items.map((row) => row.obpNumber);
/** The open checks (submitted or in review), oldest submitted first: what a queue opens on. */
const OPEN = ['C00001', 'C00002', 'C00004', 'C00003', 'C00007'];

describe('GET /api/review-queues/legitimacy: the queue and its filters', () => {
  it.each([
    // A queue opens on what is open (REVIEW_QUEUE_LIST defaultWhere).
    ['no query: the open checks (submitted or in review), oldest submitted first', '', OPEN],
    ['decided checks: one status filter away', 'status=APPROVED,CORRECTIONS_REQUESTED', ['C00005', 'C00006']],
    [
      'every submitted check: a status filter the caller gives replaces the default',
      'status.not=NOT_SUBMITTED',
      ['C00005', 'C00006', 'C00001', 'C00002', 'C00004', 'C00003', 'C00007'],
    ],
    [
      'status: awaiting review',
      'status=SUBMITTED,IN_REVIEW',
      ['C00001', 'C00002', 'C00004', 'C00003', 'C00007'],
    ],
    ['status not', 'status.not=IN_REVIEW', ['C00005', 'C00006', 'C00001', 'C00007']],
    ['organisation type, open by default', 'orgType=PD', ['C00002']],
    ['organisation type, every status', 'orgType=PD&status.not=NOT_SUBMITTED', ['C00005', 'C00002']],
    ['country', 'country=BE', ['C00001', 'C00004']],
    ['MAH count', 'mahCount.gte=4&order=obpNumber', ['C00003', 'C00004', 'C00007']],
    [
      'submitted in a date range',
      `submittedAt.gte=${daysAgo(35).toISOString()}&submittedAt.lt=${daysAgo(5).toISOString()}`,
      ['C00002', 'C00004', 'C00003'],
    ],
    ['free text: name, case-insensitive', 'search=ACME', ['C00001']],
    ['free text, every status', 'search=ACME&status.not=NOT_SUBMITTED', ['C00005', 'C00001']],
    ['free text: number', 'search=00004', ['C00004']],
    ['free text: email', 'search=c00007.example', ['C00007']],
    ['assignee through the list language', `assignee=${OTTO}`, ['C00004']],
    ['newest first on request', 'order=-submittedAt', ['C00007', 'C00003', 'C00004', 'C00002', 'C00001']],
    [
      'by SLA due date',
      'order=slaDueAt&status=SUBMITTED,IN_REVIEW',
      ['C00001', 'C00002', 'C00004', 'C00003', 'C00007'],
    ],
    ['assignedToMe=true: the caller’s open checks', 'assignedToMe=true', ['C00002', 'C00003']],
    ['assignedToMe=false: no filter', 'assignedToMe=false&status=SUBMITTED', ['C00001', 'C00007']],
    ['overdue=true: waiting past the SLA, decided ones never', 'overdue=true', ['C00001', 'C00002']],
    ['assigned to me and overdue', 'assignedToMe=true&overdue=true', ['C00002']],
    ['the flags with the list language', 'overdue=true&orgType=OPM', ['C00001']],
  ])('%s', async (_case, query, expected) => {
    const { status, body } = await queue(query);
    expect(status).toBe(200);
    expect(numbers(body)).toEqual(expected);
    expect(body.total).toBe(expected.length);
  });

  it('"assigned to me" is the caller’s own', async () => {
    expect(numbers((await queue('assignedToMe=true', otto)).body)).toEqual(['C00004']);
  });

  it('answers each row as reviewQueueRowSchema, overdue computed at answer time', async () => {
    const { body } = await queue('search=C00002');
    expect(body.items).toEqual([
      {
        id: expect.any(String),
        organisationId: expect.any(String),
        obpNumber: 'C00002',
        legalName: 'Boreal Biotech',
        orgType: 'PD',
        country: 'FI',
        email: 'info@c00002.example',
        mahCount: 3,
        submittedAt: daysAgo(30).toISOString(),
        slaDueAt: inDays(-9).toISOString(),
        overdue: true,
        attempt: 1,
        status: 'IN_REVIEW',
        assignee: RITA,
        version: 1,
      },
    ]);
    const late = await queue('search=C00005&status=APPROVED');
    expect(late.body.items[0]).toMatchObject({ status: 'APPROVED', overdue: false });
    const onTime = await queue('search=C00003');
    expect(onTime.body.items[0]).toMatchObject({ overdue: false, attempt: 2 });
  });

  it('pages with a total', async () => {
    const { body } = await queue('limit=2&page=2');
    expect(numbers(body)).toEqual(['C00004', 'C00003']);
    expect(body).toMatchObject({ page: 2, limit: 2, total: 5, totalEstimated: false });
  });

  it.each([
    ['contractual', ['C00009']],
    ['financial', ['C00010']],
  ])('the %s queue holds its own checks', async (name, expected) => {
    expect(numbers((await queue('', rita, name)).body)).toEqual(expected);
  });

  it.each([
    ['an unknown queue', '', 'technical', 'INVALID_FIELD'],
    ['an unknown field', 'stage=INFORMATION', 'legitimacy', 'UNKNOWN_FIELD'],
    ['an unknown parameter next to the flags', 'assignedToMe=true&mine=true', 'legitimacy', 'UNKNOWN_FIELD'],
    ['a flag that is not true or false', 'overdue=yes', 'legitimacy', 'INVALID_FIELD'],
    ['a flag given twice', 'overdue=true&overdue=true', 'legitimacy', 'INVALID_FIELD'],
    ['a status that does not exist', 'status=LOST', 'legitimacy', 'INVALID_VALUE'],
    ['a field that cannot be sorted', 'order=organisationId', 'legitimacy', 'INVALID_ORDER'],
  ])('%s: 400 %s', async (_case, query, name, code) => {
    const { status, body } = await queue(query, rita, name);
    expect(status).toBe(400);
    expect(JSON.stringify(body)).toContain(code);
  });
});

describe('GET /api/review-queues/summary', () => {
  const summaryOf = async (headers: Headers) => {
    const response = await t.app.inject({ method: 'GET', url: '/api/review-queues/summary', headers });
    expect(response.statusCode).toBe(200);
    return response.json<QueueSummary>();
  };

  it('counts per queue what is open (submitted or in review), overdue and the caller’s', async () => {
    expect(await summaryOf(rita)).toEqual({
      queues: [
        { queue: 'legitimacy', open: 5, overdue: 2, assignedToMe: 2 },
        { queue: 'contractual', open: 1, overdue: 0, assignedToMe: 0 },
        { queue: 'financial', open: 1, overdue: 0, assignedToMe: 1 },
      ],
    });
    expect((await summaryOf(otto)).queues[0]).toEqual({
      queue: 'legitimacy',
      open: 5,
      overdue: 2,
      assignedToMe: 1,
    });
  });
});

describe('who may read the queues', () => {
  it.each([
    ['EXTERNAL', ['EmvoPortalExternal'], 403],
    ['ADMIN', ['EmvoPortalAdmin'], 403],
    ['ADMIN and EMVO', ['EmvoPortalAdmin', 'EmvoPortalInternal'], 200],
  ])('%s: %s', async (_name, roles, expected) => {
    const headers = await reviewerHeaders(t, 'someone@portal.test', { roles });
    for (const url of ['/api/review-queues/legitimacy', '/api/review-queues/summary']) {
      expect((await t.app.inject({ method: 'GET', url, headers })).statusCode).toBe(expected);
    }
  });

  it('no token: 401', async () => {
    for (const url of ['/api/review-queues/legitimacy', '/api/review-queues/summary']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});
