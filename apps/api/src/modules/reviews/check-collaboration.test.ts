import type { CheckDetail, CheckNotes } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany } from '../../test/onboarding-test-kit.js';
import {
  auditOf,
  type Headers,
  reviewCalls,
  reviewerHeaders,
  seedCheck,
  type TestApp,
} from '../../test/reviews-test-kit.js';
import { createTestApp } from '../../test/test-app.js';

// Reviewers working together on a check: explicit assignment, decisions on a colleague's check, and the
// internal notes the company never reads.

let t: TestApp;
let calls: ReturnType<typeof reviewCalls>;
let rita: Headers;
let lena: Headers;
let admin: Headers;
const RITA = 'rita@emvo.test';
const LENA = 'lena@emvo.test';

beforeAll(async () => {
  t = await createTestApp();
  calls = reviewCalls(t);
  rita = await reviewerHeaders(t, RITA, { displayName: 'Rita Reviewer' });
  lena = await reviewerHeaders(t, LENA, { displayName: 'Lena Lead' });
  admin = await t.bearer('EmvoPortalAdmin');
});
afterAll(() => t.app.close());

type Answer = CheckDetail & { code?: string } & Array<{ code: string; values?: Record<string, string> }>;

const assign = async (headers: Headers, checkId: string, payload: object) => {
  const response = await t.app.inject({
    method: 'PUT',
    url: `/api/checks/${checkId}/assignee`,
    headers,
    payload,
  });
  return { status: response.statusCode, body: response.json<Answer>() };
};
const changesOf = (checkId: string) =>
  t.db.selectFrom('changeEvents').selectAll().where('entityId', '=', checkId).orderBy('id').execute();

describe('PUT /api/checks/{id}/assignee: to me, to a colleague, to nobody', () => {
  it('assigns the check to the caller, audited and published for colleagues', async () => {
    const { checkId } = await seedCheck(t, { status: 'SUBMITTED' });
    const { status, body } = await assign(rita, checkId, { to: 'ME', version: 1 });
    expect(status).toBe(200);
    expect(body.check).toMatchObject({ assignee: RITA, version: 2, status: 'SUBMITTED' });
    expect(body.people[RITA]).toBe('Rita Reviewer');
    const [audit] = await auditOf(t, checkId);
    expect(audit).toMatchObject({
      actor: RITA,
      action: 'TAKE_CHECK',
      entity: 'check',
      diff: { type: 'LEGITIMACY', attempt: 1, assignee: { from: null, to: RITA } },
    });
    expect(await changesOf(checkId)).toEqual([
      expect.objectContaining({
        kind: 'check',
        action: 'TAKE_CHECK',
        version: 2,
        actorName: 'Rita Reviewer',
      }),
    ]);
  });

  it('hands it to a colleague, then to nobody', async () => {
    const { checkId } = await seedCheck(t, { status: 'IN_REVIEW', assignee: RITA });
    const handed = await assign(rita, checkId, { to: 'REVIEWER', email: 'LENA@emvo.test', version: 1 });
    expect(handed.body.check).toMatchObject({ assignee: LENA, version: 2 });
    const left = await assign(lena, checkId, { to: 'NOBODY', version: 2 });
    expect(left.body.check).toMatchObject({ assignee: null, version: 3 });
    expect((await auditOf(t, checkId)).map((row) => row.action)).toEqual(['ASSIGN_CHECK', 'UNASSIGN_CHECK']);
  });

  it('refuses someone who is no active reviewer, a stale version and a decided check', async () => {
    const { checkId } = await seedCheck(t, { status: 'SUBMITTED' });
    const company = await createCompany(t);
    const outsider = await assign(rita, checkId, { to: 'REVIEWER', email: company.email, version: 1 });
    expect([outsider.status, outsider.body.code]).toEqual([400, 'ASSIGNEE_NOT_REVIEWER']);
    const stale = await assign(rita, checkId, { to: 'ME', version: 7 });
    expect([stale.status, stale.body[0]?.code]).toEqual([409, 'CHECK_DECIDED_FIRST']);
    for (const status of ['APPROVED', 'NOT_SUBMITTED', 'CORRECTIONS_REQUESTED'] as const) {
      const decided = await seedCheck(t, { status });
      const refused = await assign(rita, decided.checkId, { to: 'ME', version: 1 });
      expect([refused.status, refused.body.code]).toEqual([409, 'ACTION_NOT_ALLOWED']);
    }
    expect(await auditOf(t, checkId)).toEqual([]);
  });

  it('is the reviewers’: an administrator or a company cannot assign', async () => {
    const { checkId } = await seedCheck(t, { status: 'SUBMITTED' });
    const company = await createCompany(t);
    expect((await assign(admin, checkId, { to: 'ME', version: 1 })).status).toBe(403);
    expect((await assign(company.headers, checkId, { to: 'ME', version: 1 })).status).toBe(403);
  });
});

describe('deciding a check a colleague holds', () => {
  it('answers who holds it, and decides nothing, without takeOver', async () => {
    const { checkId } = await seedCheck(t, { status: 'IN_REVIEW', assignee: RITA });
    const { status, body } = await calls.decide(lena, checkId, { action: 'APPROVE', version: 1 });
    expect(status).toBe(409);
    expect(body).toEqual([
      expect.objectContaining({
        code: 'CHECK_HELD_BY_OTHER',
        values: { holder: 'Rita Reviewer', holderId: RITA },
      }),
    ]);
    expect(await auditOf(t, checkId)).toEqual([]);
  });

  it('decides it with takeOver, the caller then holding it', async () => {
    const { checkId } = await seedCheck(t, { status: 'IN_REVIEW', assignee: RITA });
    const { status, body } = await calls.decide(lena, checkId, {
      action: 'APPROVE',
      version: 1,
      takeOver: true,
    });
    expect(status).toBe(200);
    expect(body.check).toMatchObject({ status: 'APPROVED', assignee: LENA, decidedBy: LENA });
  });

  it('needs no takeOver on the caller’s own check or a check nobody holds', async () => {
    const own = await seedCheck(t, { status: 'IN_REVIEW', assignee: RITA });
    expect((await calls.decide(rita, own.checkId, { action: 'APPROVE', version: 1 })).status).toBe(200);
    const free = await seedCheck(t, { status: 'SUBMITTED' });
    const started = await calls.decide(lena, free.checkId, { action: 'START', version: 1 });
    expect([started.status, started.body.check?.assignee]).toEqual([200, LENA]);
  });

  it('asks even to start a submitted check a colleague was given', async () => {
    const { checkId } = await seedCheck(t, { status: 'SUBMITTED', assignee: RITA });
    const started = await calls.decide(lena, checkId, { action: 'START', version: 1 });
    expect([started.status, started.body[0]?.code]).toEqual([409, 'CHECK_HELD_BY_OTHER']);
  });
});

describe('internal notes on a check', () => {
  const notes = async (headers: Headers, checkId: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/checks/${checkId}/notes`, headers });
    return { status: response.statusCode, body: response.json<CheckNotes>() };
  };
  const write = async (headers: Headers, checkId: string, body: unknown) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/checks/${checkId}/notes`,
      headers,
      payload: { body },
    });
    return { status: response.statusCode, body: response.json<CheckNotes & { code?: string }>() };
  };

  it('are written by reviewers, read by reviewers and administrators, audited and published', async () => {
    const { checkId } = await seedCheck(t, { status: 'IN_REVIEW', assignee: RITA });
    const written = await write(rita, checkId, '  The register lists a second MAH  ');
    expect(written.status).toBe(201);
    expect(written.body.notes).toEqual([
      expect.objectContaining({
        checkId,
        author: RITA,
        authorName: 'Rita Reviewer',
        body: 'The register lists a second MAH',
      }),
    ]);
    await write(lena, checkId, 'Called the SPOC');
    for (const headers of [rita, lena, admin]) {
      const read = await notes(headers, checkId);
      expect(read.body.notes.map((note) => [note.authorName, note.body])).toEqual([
        ['Rita Reviewer', 'The register lists a second MAH'],
        ['Lena Lead', 'Called the SPOC'],
      ]);
    }
    expect((await auditOf(t, checkId)).map((row) => [row.action, row.actor])).toEqual([
      ['ADD_NOTE', RITA],
      ['ADD_NOTE', LENA],
    ]);
    const published = await changesOf(checkId);
    expect(published.map((change) => [change.action, change.version])).toEqual([
      ['ADD_NOTE', null],
      ['ADD_NOTE', null],
    ]);
  });

  it('are told by the check’s timeline with its assignments, by whom and to whom, never by their text', async () => {
    const { checkId } = await seedCheck(t, { status: 'SUBMITTED' });
    await assign(rita, checkId, { to: 'ME', version: 1 });
    await assign(rita, checkId, { to: 'REVIEWER', email: LENA, version: 2 });
    await write(lena, checkId, 'Called the SPOC: the proof is the 2024 one');
    const noteId = (await notes(lena, checkId)).body.notes[0]?.id;
    const detail = await t.app.inject({ method: 'GET', url: `/api/checks/${checkId}`, headers: lena });
    expect(detail.statusCode).toBe(200);
    const body = detail.json<CheckDetail>();
    expect(
      body.teamwork.map(({ actor, action, attempt, assignee, noteId }) => ({
        actor,
        action,
        attempt,
        assignee,
        noteId,
      })),
    ).toEqual([
      { actor: RITA, action: 'TAKE_CHECK', attempt: 1, assignee: RITA, noteId: null },
      { actor: RITA, action: 'ASSIGN_CHECK', attempt: 1, assignee: LENA, noteId: null },
      { actor: LENA, action: 'ADD_NOTE', attempt: 1, assignee: null, noteId },
    ]);
    expect(body.people).toMatchObject({ [RITA]: 'Rita Reviewer', [LENA]: 'Lena Lead' });
    expect(detail.body).not.toContain('Called the SPOC');
  });

  it('are never the company’s: neither written nor read by it, nor by an administrator writing', async () => {
    const company = await createCompany(t);
    const { checkId } = await seedCheck(t, { status: 'IN_REVIEW' });
    await t.db
      .updateTable('checks')
      .set({ organisationId: company.organisationId })
      .where('id', '=', checkId)
      .execute();
    await write(rita, checkId, 'Internal: the scan looks edited');
    expect((await notes(company.headers, checkId)).status).toBe(403);
    expect((await write(company.headers, checkId, 'hello')).status).toBe(403);
    expect((await write(admin, checkId, 'hello')).status).toBe(403);
    const own = await t.app.inject({ method: 'GET', url: '/api/onboarding', headers: company.headers });
    expect(own.statusCode).toBe(200);
    expect(own.body).not.toContain('the scan looks edited');
  });

  it('take 1 to 4,000 characters on a check that exists', async () => {
    const { checkId } = await seedCheck(t, { status: 'IN_REVIEW' });
    expect((await write(rita, checkId, '   ')).status).toBe(400);
    expect((await write(rita, checkId, 'x'.repeat(4001))).status).toBe(400);
    expect((await write(rita, checkId, 'x'.repeat(4000))).status).toBe(201);
    expect((await write(rita, '00000000-0000-4000-8000-000000000000', 'note')).status).toBe(404);
    expect((await notes(rita, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});

describe('GET /api/reviewers', () => {
  it('lists the active reviewers a check can be assigned to', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/reviewers', headers: rita });
    const { reviewers } = response.json<{ reviewers: Array<{ email: string; name: string }> }>();
    expect(reviewers).toEqual(
      expect.arrayContaining([
        { email: LENA, name: 'Lena Lead' },
        { email: RITA, name: 'Rita Reviewer' },
      ]),
    );
    await t.db.updateTable('users').set({ status: 'DISABLED' }).where('email', '=', LENA).execute();
    const after = await t.app.inject({ method: 'GET', url: '/api/reviewers', headers: admin });
    expect(
      after.json<{ reviewers: Array<{ email: string }> }>().reviewers.map((one) => one.email),
    ).not.toContain(LENA);
    await t.db.updateTable('users').set({ status: 'ACTIVE' }).where('email', '=', LENA).execute();
  });
});
