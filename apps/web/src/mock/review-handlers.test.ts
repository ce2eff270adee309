import {
  CHECK_STATUSES,
  type CheckDetail,
  type QueueSlug,
  type QueueSummary,
  type ReviewQueueRow,
  reviewQueuesApi,
} from '@portal/contracts';
import { attemptsOf, type CheckType, isOverdue } from '@portal/domain';
import type { ListPage } from '@portal/list-query';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMockReviews, MOCK_REVIEWER, type MockCheck } from './review-data';
import { reviewHandlers } from './review-handlers';

const NOW = new Date('2026-06-15T10:00:00Z');
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
let ids = 0;
beforeEach(() =>
  server.resetHandlers(
    ...reviewHandlers(
      { delayMs: 0, newId: () => `f4000000-0000-4000-8000-${String(++ids).padStart(12, '0')}` },
      { now: () => NOW },
    ),
  ),
);
afterAll(() => server.close());

const AUTH = { authorization: 'Bearer mock-token' };

async function call<T = unknown>(path: string, init: RequestInit = {}) {
  const response = await fetch(new URL(path, location.origin), {
    ...init,
    headers: { ...AUTH, ...init.headers },
  });
  const text = await response.text();
  const body = (
    text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text
  ) as T;
  return { status: response.status, body };
}

const queue = (slug: QueueSlug, query = '') =>
  call<ListPage<ReviewQueueRow>>(`/api/review-queues/${slug}${query ? `?${query}` : ''}`);
const detail = (id: string) => call<CheckDetail>(`/api/checks/${id}`);
const post = (id: string, step: 'decisions' | 'billing', body: unknown) =>
  call<CheckDetail>(`/api/checks/${id}/${step}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/** The demo data as the handlers start from it, to pick a check in a given state. */
const demo = createMockReviews(NOW);
function demoCheck(type: CheckType, test: (check: MockCheck) => boolean): MockCheck {
  const found = demo.checks.find((check) => check.type === type && test(check));
  if (!found) throw new Error(`No demo ${type} check for this test`);
  return found;
}

describe('the reviews demo data (mock mode)', () => {
  it.each<[CheckType, string[]]>([
    ['LEGITIMACY', CHECK_STATUSES.filter((status) => status !== 'NOT_SUBMITTED')],
    // A temporary approval is legitimacy's only (packages/domain checks.ts).
    ['CONTRACTUAL', CHECK_STATUSES.filter((s) => s !== 'NOT_SUBMITTED' && s !== 'TEMPORARILY_APPROVED')],
    ['FINANCIAL', CHECK_STATUSES.filter((s) => s !== 'NOT_SUBMITTED' && s !== 'TEMPORARILY_APPROVED')],
  ])('%s checks are in every status they can reach, second attempts among them', (type, statuses) => {
    const checks = demo.checks.filter((check) => check.type === type && check.status !== 'NOT_SUBMITTED');
    expect(new Set(checks.map((check) => check.status))).toEqual(new Set(statuses));
    expect(checks.some((check) => check.attempt === 2)).toBe(true);
  });

  it('approved invoicing forms at every billing step: not invoiced, invoiced, paid', () => {
    const approved = demo.checks.filter((check) => check.type === 'FINANCIAL' && check.status === 'APPROVED');
    const step = (check: MockCheck) =>
      check.invoicing?.paidAt ? 'paid' : check.invoicing?.invoicedAt ? 'invoiced' : 'not invoiced';
    expect(new Set(approved.map(step))).toEqual(new Set(['not invoiced', 'invoiced', 'paid']));
  });

  it('some legitimacy checks awaiting review are overdue, some are not; each version counts its events', () => {
    const open = demo.checks.filter(
      (check) => check.type === 'LEGITIMACY' && ['SUBMITTED', 'IN_REVIEW'].includes(check.status),
    );
    const late = open.filter((check) => isOverdue(check.slaDueAt, NOW));
    expect(late.length).toBeGreaterThan(0);
    expect(late.length).toBeLessThan(open.length);
    for (const check of demo.checks) expect(check.version).toBe(check.events.length + 1);
  });
});

describe('GET /api/review-queues/{queue} (mock)', () => {
  it('answers the submitted checks of the type, oldest first, with the row the table shows', async () => {
    const { status, body } = await queue('legitimacy', 'limit=100');
    expect(status).toBe(200);
    const expected = demo.checks.filter((c) => c.type === 'LEGITIMACY' && c.status !== 'NOT_SUBMITTED');
    expect(body.total).toBe(expected.length);
    const submitted = body.items.map((row) => row.submittedAt ?? '');
    expect(submitted).toEqual([...submitted].sort());
    expect(body.items[0]).toEqual({
      id: expect.any(String),
      organisationId: expect.any(String),
      obpNumber: expect.stringMatching(/^C\d{5}$/),
      legalName: expect.any(String),
      orgType: expect.stringMatching(/^(OPM|PD)$/),
      country: expect.any(String),
      email: expect.toBeOneOf([expect.any(String), null]),
      mahCount: expect.any(Number),
      submittedAt: expect.any(String),
      slaDueAt: expect.any(String),
      overdue: expect.any(Boolean),
      attempt: expect.any(Number),
      status: expect.any(String),
      assignee: expect.toBeOneOf([expect.any(String), null]),
      version: expect.any(Number),
    });
  });

  it.each<[string, string, (row: ReviewQueueRow) => boolean]>([
    [
      'assignedToMe=true: the checks assigned to the caller',
      'assignedToMe=true',
      (row) => row.assignee === MOCK_REVIEWER,
    ],
    ['overdue=true: the checks awaiting review past their SLA', 'overdue=true', (row) => row.overdue],
    [
      'both flags and list filters together',
      'assignedToMe=true&overdue=true&status=IN_REVIEW',
      (row) => row.assignee === MOCK_REVIEWER && row.overdue && row.status === 'IN_REVIEW',
    ],
  ])('%s', async (_rule, query, holds) => {
    const all = (await queue('legitimacy', 'limit=100')).body.items;
    const { status, body } = await queue('legitimacy', `limit=100&${query}`);
    expect(status).toBe(200);
    expect(body.items.length).toBeGreaterThan(0);
    expect(body.items).toEqual(all.filter(holds));
  });

  it('a false flag filters nothing; a flag that is not true or false, an unknown field or queue is 400', async () => {
    expect((await queue('financial', 'overdue=false')).body.total).toBe(
      (await queue('financial')).body.total,
    );
    expect(await queue('financial', 'overdue=yes')).toMatchObject({
      status: 400,
      body: [{ code: 'INVALID_FIELD', field: 'overdue' }],
    });
    expect(await queue('financial', 'stage=INFORMATION')).toMatchObject({
      status: 400,
      body: { code: 'UNKNOWN_FIELD' },
    });
    expect((await call('/api/review-queues/technical')).status).toBe(400);
  });

  it('searches name, number and email; filters by status, type, country and date range', async () => {
    const [first] = (await queue('contractual')).body.items;
    if (!first) throw new Error('The contractual queue is empty');
    const { body } = await queue('contractual', `search=${first.obpNumber}`);
    expect(body.items.map((row) => row.id)).toEqual([first.id]);
    const filtered = await queue(
      'contractual',
      `limit=100&status=SUBMITTED,IN_REVIEW&orgType=${first.orgType}&country=${first.country}&submittedAt.gte=2026-01-01`,
    );
    expect(filtered.status).toBe(200);
    for (const row of filtered.body.items) {
      expect(row).toMatchObject({ orgType: first.orgType, country: first.country });
      expect(['SUBMITTED', 'IN_REVIEW']).toContain(row.status);
    }
  });

  it('needs a session: 401 without a bearer token', async () => {
    const response = await fetch(new URL('/api/review-queues/legitimacy', location.origin));
    expect(response.status).toBe(401);
  });
});

describe('GET /api/review-queues/summary (mock)', () => {
  it("counts each queue's open, overdue and assigned-to-me checks, as the filtered queues find them", async () => {
    const { status, body } = await call<QueueSummary>(reviewQueuesApi.summary.path);
    expect(status).toBe(200);
    expect(body.queues.map((entry) => entry.queue)).toEqual(['legitimacy', 'contractual', 'financial']);
    for (const entry of body.queues) {
      const open = 'limit=1&status=SUBMITTED,IN_REVIEW';
      expect(entry).toEqual({
        queue: entry.queue,
        open: (await queue(entry.queue, open)).body.total,
        overdue: (await queue(entry.queue, `${open}&overdue=true`)).body.total,
        assignedToMe: (await queue(entry.queue, `${open}&assignedToMe=true`)).body.total,
      });
      expect(entry.open).toBeGreaterThan(0);
    }
    expect(body.queues[0]?.overdue).toBeGreaterThan(0);
    expect(body.queues.every((entry) => entry.assignedToMe > 0)).toBe(true);
  });
});

describe('GET /api/checks/{id} (mock)', () => {
  it('answers the check, its company, documents, attempts, timeline and what the reviewer may do', async () => {
    const check = demoCheck('LEGITIMACY', (c) => c.status === 'IN_REVIEW');
    const { status, body } = await detail(check.id);
    expect(status).toBe(200);
    expect(body.check).toMatchObject({ id: check.id, type: 'LEGITIMACY', status: 'IN_REVIEW' });
    expect(body.allowedActions).toEqual(['APPROVE', 'APPROVE_TEMPORARILY', 'REQUEST_CORRECTIONS', 'REJECT']);
    expect(body.documents).toEqual([expect.objectContaining({ purpose: 'COPY_OF_PROOF' })]);
    expect(body.application.authorisedRepresentative.copyOfProof?.id).toBe(body.documents[0]?.id);
    expect(body.events.map((event) => event.to)).toEqual(check.events.map((event) => event.to));
    expect(body.attempts.at(-1)).toMatchObject({ attempt: check.attempt, outcome: null });
    expect(body.billing).toBeNull();
  });

  it.each<[string, CheckType, (c: MockCheck) => boolean, string[]]>([
    ['submitted: start', 'CONTRACTUAL', (c) => c.status === 'SUBMITTED', ['START']],
    ['decided: nothing', 'CONTRACTUAL', (c) => c.status === 'APPROVED', []],
    [
      'temporarily approved: approve or reject',
      'LEGITIMACY',
      (c) => c.status === 'TEMPORARILY_APPROVED',
      ['APPROVE', 'REJECT'],
    ],
  ])('allowed actions, %s (domain allowedActions)', async (_rule, type, pick, actions) => {
    expect((await detail(demoCheck(type, pick).id)).body.allowedActions).toEqual(actions);
  });

  it('a missing check is 404, a malformed id 400', async () => {
    expect((await detail('a2000000-0000-4000-8000-000000009999')).status).toBe(404);
    expect((await detail('nope')).status).toBe(400);
  });

  it('derives one attempt per submission from the timeline', () => {
    const check = demoCheck('LEGITIMACY', (c) => c.attempt === 2 && c.status === 'APPROVED');
    expect(attemptsOf(check.events)).toEqual([
      expect.objectContaining({ attempt: 1, outcome: 'CORRECTIONS_REQUESTED', reason: expect.any(String) }),
      expect.objectContaining({ attempt: 2, outcome: 'APPROVED', decidedBy: check.decidedBy }),
    ]);
  });
});

describe('POST /api/checks/{id}/decisions (mock, the domain rules)', () => {
  it('start then approve: each at the version read; the check, its timeline and the stage follow', async () => {
    const check = demoCheck('LEGITIMACY', (c) => c.status === 'SUBMITTED');
    const started = await post(check.id, 'decisions', { action: 'START', version: check.version });
    expect(started.status).toBe(200);
    expect(started.body.check).toMatchObject({
      status: 'IN_REVIEW',
      assignee: MOCK_REVIEWER,
      version: check.version + 1,
    });
    const approved = await post(check.id, 'decisions', { action: 'APPROVE', version: check.version + 1 });
    expect(approved.status).toBe(200);
    expect(approved.body.check).toMatchObject({ status: 'APPROVED', decidedBy: MOCK_REVIEWER });
    expect(approved.body.events.slice(-2)).toEqual([
      expect.objectContaining({ from: 'SUBMITTED', to: 'IN_REVIEW', actor: MOCK_REVIEWER, role: 'EMVO' }),
      expect.objectContaining({ from: 'IN_REVIEW', to: 'APPROVED', at: NOW.toISOString() }),
    ]);
    // domain stageAfterChecks: legitimacy approved moves INFORMATION on to APPROVALS.
    expect(approved.body.organisation.stage).toBe('APPROVALS');
    expect(approved.body.allowedActions).toEqual([]);
    expect((await detail(check.id)).body).toEqual(approved.body);
  });

  it('a stale version: 409 CHECK_DECIDED_FIRST naming who acted first and how; the first decision stays', async () => {
    const check = demoCheck('CONTRACTUAL', (c) => c.status === 'IN_REVIEW');
    const version = check.version;
    expect((await post(check.id, 'decisions', { action: 'APPROVE', version })).status).toBe(200);
    const second = await post(check.id, 'decisions', { action: 'REJECT', reason: 'No.', version });
    expect(second).toEqual({
      status: 409,
      body: [
        {
          code: 'CHECK_DECIDED_FIRST',
          message: 'Demo Reviewer approved this check first',
          values: { actor: 'Demo Reviewer', status: 'approved' },
        },
      ],
    });
    expect((await detail(check.id)).body.check.status).toBe('APPROVED');
  });

  it.each<[string, CheckType, (c: MockCheck) => boolean, object, number, string]>([
    [
      'a reason is required to reject (400 REASON_REQUIRED)',
      'FINANCIAL',
      (c) => c.status === 'IN_REVIEW',
      { action: 'REJECT', reason: '  ' },
      400,
      'REASON_REQUIRED',
    ],
    [
      'nothing is approved before it is started (409 ACTION_NOT_ALLOWED)',
      'FINANCIAL',
      (c) => c.status === 'SUBMITTED',
      { action: 'APPROVE' },
      409,
      'ACTION_NOT_ALLOWED',
    ],
    [
      'a temporary approval is legitimacy only (409 ACTION_NOT_ALLOWED)',
      'CONTRACTUAL',
      (c) => c.status === 'IN_REVIEW',
      { action: 'APPROVE_TEMPORARILY', reason: 'Test' },
      409,
      'ACTION_NOT_ALLOWED',
    ],
    [
      'a rejection is final (409 ACTION_NOT_ALLOWED)',
      'LEGITIMACY',
      (c) => c.status === 'REJECTED',
      { action: 'START' },
      409,
      'ACTION_NOT_ALLOWED',
    ],
  ])('%s: refused, nothing changes', async (_rule, type, pick, input, status, code) => {
    const check = demoCheck(type, pick);
    const refused = await post(check.id, 'decisions', { ...input, version: check.version });
    expect(refused).toMatchObject({ status, body: { code } });
    expect((await detail(check.id)).body.check).toMatchObject({
      status: check.status,
      version: check.version,
    });
  });

  it('an action outside the reviewer’s list is a field error', async () => {
    const check = demoCheck('LEGITIMACY', (c) => c.status === 'SUBMITTED');
    const refused = await post(check.id, 'decisions', { action: 'SUBMIT', version: check.version });
    expect(refused).toMatchObject({ status: 400, body: [{ code: 'INVALID_FIELD', field: 'action' }] });
  });
});

describe('POST /api/checks/{id}/billing (mock, the domain rules)', () => {
  const approved = (c: MockCheck) => c.status === 'APPROVED' && c.invoicing?.invoicedAt === null;

  it('an approved invoicing form is invoiced, then paid; each step once', async () => {
    const check = demoCheck('FINANCIAL', approved);
    expect((await detail(check.id)).body.billing).toMatchObject({
      invoiceNumber: null,
      allowedActions: ['MARK_INVOICED'],
      feeCents: expect.any(Number),
    });
    const invoiced = await post(check.id, 'billing', {
      action: 'MARK_INVOICED',
      invoiceNumber: 'INV-2026/0042',
      version: check.version,
    });
    expect(invoiced.status).toBe(200);
    expect(invoiced.body.billing).toMatchObject({
      invoiceNumber: 'INV-2026/0042',
      invoicedAt: NOW.toISOString(),
      allowedActions: ['MARK_PAID'],
    });
    const paid = await post(check.id, 'billing', { action: 'MARK_PAID', version: check.version + 1 });
    expect(paid.body.billing).toMatchObject({ paidAt: NOW.toISOString(), allowedActions: [] });
    // Steps of the check that keep its status, as at the API: an event each, and a new version.
    expect(paid.body.check).toMatchObject({ status: 'APPROVED', version: check.version + 2 });
    expect(paid.body.events.slice(-2).map(({ from, to, comment }) => ({ from, to, comment }))).toEqual([
      { from: 'APPROVED', to: 'APPROVED', comment: 'Invoiced: INV-2026/0042' },
      { from: 'APPROVED', to: 'APPROVED', comment: 'Paid' },
    ]);
    expect(
      await post(check.id, 'billing', { action: 'MARK_PAID', version: check.version + 2 }),
    ).toMatchObject({
      status: 409,
      body: { code: 'ACTION_NOT_ALLOWED' },
    });
    expect(await post(check.id, 'billing', { action: 'MARK_PAID', version: check.version })).toMatchObject({
      status: 409,
      body: [
        {
          code: 'CHECK_DECIDED_FIRST',
          message: 'Demo Reviewer marked this check paid first',
          values: { actor: 'Demo Reviewer', status: 'approved' },
        },
      ],
    });
  });

  it.each<[string, CheckType, (c: MockCheck) => boolean, object, number, string]>([
    ['paid before invoiced', 'FINANCIAL', approved, { action: 'MARK_PAID' }, 409, 'ACTION_NOT_ALLOWED'],
    [
      'an invoice number of the wrong shape',
      'FINANCIAL',
      approved,
      { action: 'MARK_INVOICED', invoiceNumber: 'INV 42!' },
      400,
      'INVALID_INVOICE_NUMBER',
    ],
    [
      'a form not approved',
      'FINANCIAL',
      (c) => c.status === 'IN_REVIEW',
      { action: 'MARK_INVOICED', invoiceNumber: 'INV-1' },
      409,
      'ACTION_NOT_ALLOWED',
    ],
    [
      'another check than the financial one',
      'LEGITIMACY',
      (c) => c.status === 'APPROVED',
      { action: 'MARK_PAID' },
      409,
      'ACTION_NOT_ALLOWED',
    ],
  ])('refused: %s', async (_rule, type, pick, input, status, code) => {
    const check = demoCheck(type, pick);
    expect(await post(check.id, 'billing', { ...input, version: check.version })).toMatchObject({
      status,
      body: { code },
    });
  });
});

describe('GET /api/files/{id} (mock): a check’s document', () => {
  it('downloads with a session; other ids are left to other handlers', async () => {
    const [document] = demoCheck('CONTRACTUAL', (c) => c.documents.length > 0).documents;
    if (!document) throw new Error('No document');
    const response = await fetch(new URL(`/api/files/${document.id}`, location.origin), { headers: AUTH });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain(document.name);
    expect((await fetch(new URL(`/api/files/${document.id}`, location.origin))).status).toBe(401);
  });
});
