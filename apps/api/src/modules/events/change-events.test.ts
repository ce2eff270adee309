import type { OnboardingAnswer } from '@portal/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANGES_CHANNEL } from '../../changes/publish-change.js';
import {
  completeDraft,
  createCompany,
  createOnboardingTestApp,
  type Headers,
  onboardingCalls,
  readyForSessionTokens,
  type TestApp,
  TINY_PDF,
} from '../../test/onboarding-test-kit.js';
import { reviewerHeaders, seedCheck, seedInvoicing } from '../../test/reviews-test-kit.js';
import { parseNotification } from './change-notifications.js';

// Every write path that changes a check, an application, a session token, a test run or a
// stage records exactly one change event in its transaction, naming the row at its new version and who
// wrote it; a refused write records none, and only committed changes are notified.

let t: TestApp & { close: () => Promise<void> };
let rita: Headers;
const RITA = 'rita@emvo.test';
const heard: string[] = [];
let stopListening = async () => {};

beforeAll(async () => {
  t = await createOnboardingTestApp();
  rita = await reviewerHeaders(t, RITA, { displayName: 'Rita Reviewer' });
  stopListening = await t.database.listen(CHANGES_CHANNEL, { onPayload: (payload) => heard.push(payload) });
});
afterAll(async () => {
  await stopListening();
  await t.close();
});

/** The change events written since `afterId`, oldest first. */
const changesAfter = async (afterId: string) =>
  (await t.db.selectFrom('changeEvents').selectAll().where('id', '>', afterId).orderBy('id').execute()).map(
    (row) => ({ ...row, id: String(row.id) }),
  );
const latestId = async () =>
  (await sql<{ id: string | null }>`select max(id)::text as id from change_events`.execute(t.db)).rows[0]
    ?.id ?? '0';

/** Runs `write` and answers the change events it recorded. */
async function recorded(write: () => Promise<{ statusCode: number }>, status = 200) {
  const before = await latestId();
  const response = await write();
  expect(response.statusCode).toBe(status);
  return changesAfter(before);
}

const post = (url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
const versionOf = async (table: 'checks' | 'organisations' | 'sessionTokens', id: string) =>
  (await t.db.selectFrom(table).select('version').where('id', '=', id).executeTakeFirstOrThrow()).version;

/** A company at TECHNICAL_IQE (its session tokens and stage moves are open), with its user's headers. */
async function technicalCompany() {
  const created = await createCompany(t);
  await t.db
    .updateTable('organisations')
    .set({ stage: 'TECHNICAL_IQE' })
    .where('id', '=', created.organisationId)
    .execute();
  const { obpNumber } = await t.db
    .selectFrom('organisations')
    .select('obpNumber')
    .where('id', '=', created.organisationId)
    .executeTakeFirstOrThrow();
  return { ...created, obpNumber };
}

describe("a company's application: saves and submissions", () => {
  it('records the draft save as an application change and the submission as the check SUBMIT', async () => {
    const company = await createCompany(t);
    const calls = onboardingCalls(t);
    const saved = await recorded(() =>
      t.app.inject({
        method: 'PUT',
        url: '/api/onboarding/legitimacy',
        headers: company.headers,
        payload: completeDraft(1),
      }),
    );
    expect(saved).toMatchObject([
      {
        kind: 'application',
        action: 'SAVE_LEGITIMACY_DRAFT',
        entityId: company.organisationId,
        organisationId: company.organisationId,
        version: 2,
        actor: company.email,
        actorName: 'Rita Requester',
      },
    ]);
    expect((await calls.upload(company.headers, 'proof.pdf', TINY_PDF)).status).toBe(201);
    const submitted = await recorded(() =>
      post('/api/onboarding/legitimacy/submit', company.headers, { version: 2 }),
    );
    const check = await t.db
      .selectFrom('checks')
      .select(['id', 'version'])
      .where('organisationId', '=', company.organisationId)
      .executeTakeFirstOrThrow();
    expect(submitted).toMatchObject([
      {
        kind: 'check',
        action: 'SUBMIT',
        entityId: check.id,
        organisationId: company.organisationId,
        version: check.version,
        checkType: 'LEGITIMACY',
      },
    ]);
  });
});

describe("the reviewers' writes", () => {
  it('records a decision, and none for the decision refused as stale', async () => {
    const { checkId, organisationId } = await seedCheck(t, { status: 'SUBMITTED' });
    const started = await recorded(() =>
      post(`/api/checks/${checkId}/decisions`, rita, { action: 'START', version: 1 }),
    );
    expect(started).toMatchObject([
      {
        kind: 'check',
        action: 'START',
        entityId: checkId,
        organisationId,
        version: 2,
        actor: RITA,
        actorName: 'Rita Reviewer',
      },
    ]);
    const stale = await recorded(
      () => post(`/api/checks/${checkId}/decisions`, rita, { action: 'APPROVE', version: 1 }),
      409,
    );
    expect(stale).toEqual([]);
  });

  it('records a billing step on the financial check', async () => {
    const { checkId, organisationId } = await seedCheck(t, { type: 'FINANCIAL', status: 'APPROVED' });
    await seedInvoicing(t, organisationId);
    const invoiced = await recorded(() =>
      post(`/api/checks/${checkId}/billing`, rita, {
        action: 'MARK_INVOICED',
        invoiceNumber: 'INV-2026-001',
        version: 1,
      }),
    );
    expect(invoiced).toMatchObject([
      { kind: 'check', action: 'MARK_INVOICED', entityId: checkId, version: 2, checkType: 'FINANCIAL' },
    ]);
  });

  it("records a session token's request, issue, reveal and cancellation, each at the token's version", async () => {
    const company = await technicalCompany();
    await readyForSessionTokens(t, company.organisationId);
    const organisation = () => versionOf('organisations', company.organisationId);
    const requested = await recorded(async () =>
      post('/api/onboarding/technical/IQE/session-token', company.headers, { version: await organisation() }),
    );
    const token = await t.db
      .selectFrom('sessionTokens')
      .select('id')
      .where('organisationId', '=', company.organisationId)
      .executeTakeFirstOrThrow();
    const expected = (action: string, version: number) => ({
      kind: 'sessionToken',
      action,
      entityId: token.id,
      organisationId: company.organisationId,
      version,
    });
    expect(requested).toMatchObject([expected('REQUEST', 1)]);
    const issued = await recorded(() =>
      post(`/api/session-tokens/${token.id}/issue`, rita, { value: 'session-value-0123456789', version: 1 }),
    );
    expect(issued).toMatchObject([{ ...expected('ISSUE', 2), actor: RITA }]);
    const revealed = await recorded(() =>
      post(`/api/onboarding/technical/session-tokens/${token.id}/reveal`, company.headers),
    );
    expect(revealed).toMatchObject([{ ...expected('REVEAL', 3), actor: company.email }]);
    const cancelled = await recorded(() =>
      post(`/api/session-tokens/${token.id}/cancel`, rita, { reason: 'Leaked in a ticket', version: 3 }),
    );
    expect(cancelled).toMatchObject([expected('CANCEL', 4)]);
    // The change carries no token value, nor anything but ids, versions, actions and who.
    expect(JSON.stringify([...issued, ...revealed])).not.toContain('session-value-0123456789');
  });

  it('records a typed test run, and an import once per company it added runs to', async () => {
    const [one, two] = [await technicalCompany(), await technicalCompany()];
    const run = {
      obpNumber: one.obpNumber,
      environment: 'IQE',
      scenario: 'Verify a pack',
      result: 'PASSED',
      executedAt: '2026-03-02T09:00:00.000Z',
    };
    const added = await recorded(() => post('/api/test-runs', rita, run), 201);
    expect(added).toMatchObject([
      { kind: 'testRun', action: 'ADD', organisationId: one.organisationId, version: null },
    ]);
    const csv = [
      'obpNumber,environment,scenario,result,errorCode,executedAt',
      `${one.obpNumber},IQE,Decommission,PASSED,,2026-03-02T10:00:00Z`,
      `${two.obpNumber},IQE,Decommission,PASSED,,2026-03-02T10:00:00Z`,
      `${two.obpNumber},ITE,Decommission,PASSED,,2026-03-02T10:00:00Z`,
    ].join('\n');
    const imported = await recorded(() =>
      t.app.inject({
        method: 'POST',
        url: '/api/test-runs/import',
        headers: { ...rita, 'content-type': 'text/csv' },
        payload: csv,
      }),
    );
    expect(imported.map((change) => [change.action, change.organisationId]).sort()).toEqual(
      [
        ['IMPORT', one.organisationId],
        ['IMPORT', two.organisationId],
      ].sort(),
    );
    expect(new Set(imported.map((change) => change.entityId)).size).toBe(1);
  });

  it('records a stage move at the organisation version', async () => {
    const company = await technicalCompany();
    const moved = await recorded(() =>
      post(`/api/organisations/${company.organisationId}/stage-moves`, rita, {
        move: 'MOVE_TO_PRODUCTION',
        version: 1,
      }),
    );
    expect(moved).toMatchObject([
      {
        kind: 'stage',
        action: 'MOVE_TO_PRODUCTION',
        entityId: company.organisationId,
        organisationId: company.organisationId,
        version: await versionOf('organisations', company.organisationId),
      },
    ]);
  });
});

describe('the notification', () => {
  it('is sent once per committed change, as the row, tagged with the schema; a refused write sends none', async () => {
    const { checkId } = await seedCheck(t, { status: 'SUBMITTED' });
    heard.length = 0;
    await post(`/api/checks/${checkId}/decisions`, rita, { action: 'APPROVE', version: 7 });
    await post(`/api/checks/${checkId}/decisions`, rita, { action: 'START', version: 1 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The channel is the whole database's: on a shared PostgreSQL, other test files' schemas notify too.
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(t.db);
    const ours = heard.map(parseNotification).filter((heardOne) => heardOne?.schema === rows[0]?.schema);
    expect(ours).toHaveLength(1);
    const [notification] = ours;
    expect(notification).toMatchObject({
      type: 'change',
      schema: rows[0]?.schema,
      change: { kind: 'check', action: 'START', entityId: checkId, version: 2, actor: RITA },
    });
    const [stored] = await changesAfter('0').then((all) => all.filter((row) => row.entityId === checkId));
    expect(notification?.type === 'change' && notification.change.id).toBe(stored?.id);
    expect(new Date(notification?.type === 'change' ? notification.change.at : 0).toISOString()).toBe(
      new Date(stored?.at ?? 0).toISOString(),
    );
  });

  it('is read back by GET /api/onboarding as the version the company holds (the SPA compares them)', async () => {
    const company = await createCompany(t);
    const [change] = await recorded(() =>
      t.app.inject({
        method: 'PUT',
        url: '/api/onboarding/legitimacy',
        headers: company.headers,
        payload: completeDraft(1),
      }),
    );
    const answer = await t.app.inject({ method: 'GET', url: '/api/onboarding', headers: company.headers });
    expect(answer.json<OnboardingAnswer>().organisation.version).toBe(change?.version);
  });
});
