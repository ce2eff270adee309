import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditOf,
  eventsOf,
  type Headers,
  reviewCalls,
  reviewerHeaders,
  seedCheck,
  seedInvoicing,
  type TestApp,
} from '../../test/reviews-test-kit.js';
import { createTestApp } from '../../test/test-app.js';

// domain.md: "A stale version answers 409, so two reviewers can never decide the same check twice".
// Two decisions at the same version run concurrently: on PostgreSQL (DATABASE_URL set) they reach the
// database at once and the row locks order them; on PGlite, one connection, they take turns.

let t: TestApp;
let calls: ReturnType<typeof reviewCalls>;
const REVIEWERS = [
  { email: 'anna@emvo.test', name: 'Anna Approver' },
  { email: 'rolf@emvo.test', name: 'Rolf Rejecter' },
];
let headers: Headers[];

beforeAll(async () => {
  t = await createTestApp();
  calls = reviewCalls(t);
  headers = await Promise.all(
    REVIEWERS.map((reviewer) => reviewerHeaders(t, reviewer.email, { displayName: reviewer.name })),
  );
});
afterAll(() => t.app.close());

const [ANNA, ROLF] = [0, 1];

describe(`two concurrent decisions on one check (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it.each([
    [
      'approve against reject',
      'IN_REVIEW',
      { action: 'APPROVE' },
      { action: 'REJECT', reason: 'No licence' },
    ],
    ['two starts', 'SUBMITTED', { action: 'START' }, { action: 'START' }],
  ] as const)(
    '%s: exactly one 200 and one 409 naming the first, one event and one audit row',
    async (_case, status, first, second) => {
      for (let round = 0; round < 5; round += 1) {
        const { checkId } = await seedCheck(t, { status });
        const answers = await Promise.all([
          calls.decide(headers[ANNA] ?? {}, checkId, { ...first, version: 1 }),
          calls.decide(headers[ROLF] ?? {}, checkId, { ...second, version: 1 }),
        ]);
        const statuses = answers.map((answer) => answer.status).sort();
        expect(statuses).toEqual([200, 409]);
        const winner = answers.findIndex((answer) => answer.status === 200);
        const loser = answers.find((answer) => answer.status === 409);
        const name = REVIEWERS[winner]?.name ?? '';
        expect(loser?.body).toEqual([
          {
            code: 'CHECK_DECIDED_FIRST',
            message: expect.stringMatching(new RegExp(`^${name} .+ first$`)),
            requestId: expect.any(String),
            values: { actor: name, status: expect.any(String) },
          },
        ]);
        const events = await eventsOf(t, checkId);
        expect(events).toHaveLength(1);
        expect(events[0]?.actor).toBe(REVIEWERS[winner]?.email);
        expect(await auditOf(t, checkId)).toHaveLength(1);
      }
    },
  );

  it('a billing action against a decision at the same version: one wins, the other is told', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { checkId, organisationId } = await seedCheck(t, { type: 'FINANCIAL', status: 'APPROVED' });
      await seedInvoicing(t, organisationId);
      const answers = await Promise.all([
        calls.bill(headers[ANNA] ?? {}, checkId, {
          action: 'MARK_INVOICED',
          invoiceNumber: 'INV-1',
          version: 1,
        }),
        calls.bill(headers[ROLF] ?? {}, checkId, {
          action: 'MARK_INVOICED',
          invoiceNumber: 'INV-2',
          version: 1,
        }),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      expect(answers.find((answer) => answer.status === 409)?.body).toMatchObject([
        { code: 'CHECK_DECIDED_FIRST', message: expect.stringMatching(/marked this check invoiced first$/) },
      ]);
      expect(await eventsOf(t, checkId)).toHaveLength(1);
      expect(await auditOf(t, checkId)).toHaveLength(1);
    }
  });

  it('two reviewers approving two checks of one company at once both count: the stage moves', async () => {
    const { checkId: contractual, organisationId } = await seedCheck(t, {
      type: 'CONTRACTUAL',
      status: 'IN_REVIEW',
      statuses: { legitimacyStatus: 'APPROVED', financialStatus: 'IN_REVIEW' },
    });
    const { id: financial } = await t.db
      .insertInto('checks')
      .values({ organisationId, type: 'FINANCIAL', status: 'IN_REVIEW', createdBy: 't', updatedBy: 't' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const answers = await Promise.all([
      calls.decide(headers[ANNA] ?? {}, contractual, { action: 'APPROVE', version: 1 }),
      calls.decide(headers[ROLF] ?? {}, financial, { action: 'APPROVE', version: 1 }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const organisation = await t.db
      .selectFrom('organisations')
      .selectAll()
      .where('id', '=', organisationId)
      .executeTakeFirstOrThrow();
    expect(organisation).toMatchObject({
      stage: 'TECHNICAL_IQE',
      contractualStatus: 'APPROVED',
      financialStatus: 'APPROVED',
      version: 3,
    });
  });
});
