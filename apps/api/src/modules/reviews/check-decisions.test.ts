import { CHECK_STATUSES, type CheckStatus, REVIEW_ACTIONS, type ReviewAction } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditOf,
  eventsOf,
  type Headers,
  mailsTo,
  reviewCalls,
  reviewerHeaders,
  seedCheck,
  type TestApp,
} from '../../test/reviews-test-kit.js';
import { createTestApp } from '../../test/test-app.js';

let t: TestApp;
let calls: ReturnType<typeof reviewCalls>;
let rita: Headers;
const RITA = 'rita@emvo.test';

beforeAll(async () => {
  t = await createTestApp();
  calls = reviewCalls(t);
  rita = await reviewerHeaders(t, RITA, { displayName: 'Rita Reviewer' });
});
afterAll(() => t.app.close());

const checkRow = (checkId: string) =>
  t.db.selectFrom('checks').selectAll().where('id', '=', checkId).executeTakeFirstOrThrow();
const organisationRow = (organisationId: string) =>
  t.db.selectFrom('organisations').selectAll().where('id', '=', organisationId).executeTakeFirstOrThrow();

/**
 * domain.md Legitimacy: "Reviewer: Start, then Approve, Approve temporarily (test environments only),
 * Request corrections, or Reject"; a temporary approval is later finalised (approved or rejected). The
 * statuses each action is taken from, written out by hand so the table reads like the rule.
 */
const ALLOWED_FROM: Record<ReviewAction, { from: CheckStatus[]; to: CheckStatus }> = {
  START: { from: ['SUBMITTED'], to: 'IN_REVIEW' },
  APPROVE: { from: ['IN_REVIEW', 'TEMPORARILY_APPROVED'], to: 'APPROVED' },
  APPROVE_TEMPORARILY: { from: ['IN_REVIEW'], to: 'TEMPORARILY_APPROVED' },
  REQUEST_CORRECTIONS: { from: ['IN_REVIEW'], to: 'CORRECTIONS_REQUESTED' },
  REJECT: { from: ['IN_REVIEW', 'TEMPORARILY_APPROVED'], to: 'REJECTED' },
};

const CASES = REVIEW_ACTIONS.flatMap((action) =>
  CHECK_STATUSES.map((status) => [action, status, ALLOWED_FROM[action].from.includes(status)] as const),
);

describe('POST /api/checks/{id}/decisions: each action from each status of a legitimacy check', () => {
  it.each(CASES)('%s from %s: allowed %s', async (action, status, allowed) => {
    const { checkId } = await seedCheck(t, { status });
    const { status: code, body } = await calls.decide(rita, checkId, {
      action,
      reason: 'Checked against the register',
      version: 1,
    });
    if (allowed) {
      expect(code).toBe(200);
      expect(body.check).toMatchObject({ status: ALLOWED_FROM[action].to, version: 2 });
      expect((await checkRow(checkId)).status).toBe(ALLOWED_FROM[action].to);
    } else {
      expect(code).toBe(409);
      expect(body).toEqual({
        code: 'ACTION_NOT_ALLOWED',
        message: expect.any(String),
        requestId: expect.any(String),
      });
      expect(await checkRow(checkId)).toMatchObject({ status, version: 1 });
      expect(await eventsOf(t, checkId)).toEqual([]);
    }
  });

  it.each([
    ['CONTRACTUAL', 'APPROVE_TEMPORARILY'],
    ['FINANCIAL', 'APPROVE_TEMPORARILY'],
  ] as const)('a %s check is never approved temporarily (legitimacy only): 409', async (type, action) => {
    const { checkId } = await seedCheck(t, { type, status: 'IN_REVIEW' });
    const { status, body } = await calls.decide(rita, checkId, { action, reason: 'Pending', version: 1 });
    expect(status).toBe(409);
    expect(body.code).toBe('ACTION_NOT_ALLOWED');
  });

  it.each(['CONTRACTUAL', 'FINANCIAL'] as const)(
    'the %s check is started, sent back for corrections and rejected like legitimacy',
    async (type) => {
      const { checkId } = await seedCheck(t, { type, status: 'SUBMITTED' });
      expect((await calls.decide(rita, checkId, { action: 'START', version: 1 })).status).toBe(200);
      const corrections = await calls.decide(rita, checkId, {
        action: 'REQUEST_CORRECTIONS',
        reason: 'The signature page is missing',
        version: 2,
      });
      expect(corrections.body.check.status).toBe('CORRECTIONS_REQUESTED');
    },
  );
});

describe('reasons (domain.md: "A reason is required for all but Approve")', () => {
  it.each([
    ['APPROVE_TEMPORARILY', undefined],
    ['REQUEST_CORRECTIONS', null],
    ['REJECT', ''],
    ['REJECT', '   '],
  ] as const)('%s without a reason (%j): 400 REASON_REQUIRED, nothing written', async (action, reason) => {
    const { checkId } = await seedCheck(t, { status: 'IN_REVIEW' });
    const { status, body } = await calls.decide(rita, checkId, { action, reason, version: 1 });
    expect(status).toBe(400);
    expect(body).toEqual({
      code: 'REASON_REQUIRED',
      message: expect.any(String),
      requestId: expect.any(String),
    });
    expect(await checkRow(checkId)).toMatchObject({ status: 'IN_REVIEW', version: 1 });
    expect(await auditOf(t, checkId)).toEqual([]);
  });

  it.each([
    ['START', 'SUBMITTED'],
    ['APPROVE', 'IN_REVIEW'],
  ] as const)('%s needs none', async (action, status) => {
    const { checkId } = await seedCheck(t, { status });
    expect((await calls.decide(rita, checkId, { action, version: 1 })).status).toBe(200);
  });

  it('keeps the reason, trimmed, on the check and as the event comment', async () => {
    const { checkId } = await seedCheck(t, { status: 'IN_REVIEW' });
    const { body } = await calls.decide(rita, checkId, {
      action: 'REJECT',
      reason: '  No valid wholesale licence  ',
      version: 1,
    });
    expect(body.check).toMatchObject({ status: 'REJECTED', reason: 'No valid wholesale licence' });
    expect((await eventsOf(t, checkId)).at(-1)?.comment).toBe('No valid wholesale licence');
  });
});

describe('what a decision writes', () => {
  it('START assigns the check to the caller, writes its CheckEvent and audit row, and mails nobody', async () => {
    const { checkId, spocEmail } = await seedCheck(t, { status: 'SUBMITTED' });
    const { status, body } = await calls.decide(rita, checkId, { action: 'START', version: 1 });
    expect(status).toBe(200);
    expect(body.check).toMatchObject({ status: 'IN_REVIEW', assignee: RITA, version: 2 });
    expect(body.allowedActions).toEqual(['APPROVE', 'APPROVE_TEMPORARILY', 'REQUEST_CORRECTIONS', 'REJECT']);
    expect(await eventsOf(t, checkId)).toMatchObject([
      { fromStatus: 'SUBMITTED', toStatus: 'IN_REVIEW', actor: RITA, role: 'EMVO', comment: null },
    ]);
    expect(await auditOf(t, checkId)).toMatchObject([
      {
        actor: RITA,
        action: 'START',
        entity: 'check',
        diff: expect.objectContaining({ status: { from: 'SUBMITTED', to: 'IN_REVIEW' }, assignee: RITA }),
      },
    ]);
    expect(await mailsTo(t, spocEmail)).toEqual([]);
  });

  it('a colleague may decide a check another reviewer started, saying it takes it over (packages/domain)', async () => {
    const { checkId } = await seedCheck(t, { status: 'IN_REVIEW', assignee: 'someone@emvo.test' });
    const asked = await calls.decide(rita, checkId, { action: 'APPROVE', version: 1 });
    expect([asked.status, asked.body[0]?.code]).toEqual([409, 'CHECK_HELD_BY_OTHER']);
    const { body } = await calls.decide(rita, checkId, { action: 'APPROVE', version: 1, takeOver: true });
    expect(body.check).toMatchObject({ status: 'APPROVED', assignee: RITA, decidedBy: RITA });
  });

  it.each([
    ['APPROVE', undefined, /is approved \(C\d+\)$/],
    ['APPROVE_TEMPORARILY', 'Licence renewal pending', /is approved temporarily/],
    ['REQUEST_CORRECTIONS', 'The copy of proof is unreadable', /needs corrections/],
    ['REJECT', 'No valid licence', /is rejected/],
  ] as const)(
    '%s mails the SPOC the decision, its reason and the link to the application',
    async (action, reason, subject) => {
      const { checkId, spocEmail, obpNumber, organisationId } = await seedCheck(t, { status: 'IN_REVIEW' });
      expect((await calls.decide(rita, checkId, { action, reason, version: 1 })).status).toBe(200);
      const mails = await mailsTo(t, spocEmail);
      expect(mails).toHaveLength(1);
      const [mail] = mails;
      expect(mail?.subject).toMatch(subject);
      expect(mail?.subject).toContain(obpNumber);
      expect(mail?.text).toContain('Dear “Sara Spoc”,');
      expect(mail?.text).toContain(`${t.config.publicUrl}/external/onboarding`);
      expect(mail?.link).toBe(`${t.config.publicUrl}/external/onboarding`);
      if (reason) expect(mail?.text).toContain(`Reason: “${reason}”`);
      const decided = await checkRow(checkId);
      expect(decided).toMatchObject({ decidedBy: RITA, reason: reason ?? null, version: 2 });
      expect(decided.decidedAt).toBeInstanceOf(Date);
      expect(await auditOf(t, checkId)).toMatchObject([{ action, actor: RITA, entity: 'check' }]);
      expect((await organisationRow(organisationId)).version).toBe(2);
    },
  );

  it('writes no mail when the company has no SPOC yet, and still decides', async () => {
    const { checkId } = await seedCheck(t, { status: 'IN_REVIEW', spocEmail: null });
    expect((await calls.decide(rita, checkId, { action: 'APPROVE', version: 1 })).status).toBe(200);
  });
});

describe('the stage follows the checks (domain.md "Life of an application")', () => {
  it.each([
    ['legitimacy approved: INFORMATION → APPROVALS', 'APPROVE', undefined, 'APPROVALS'],
    ['temporarily approved: INFORMATION → APPROVALS', 'APPROVE_TEMPORARILY', 'Pending renewal', 'APPROVALS'],
    ['corrections requested: stays INFORMATION', 'REQUEST_CORRECTIONS', 'Unreadable', 'INFORMATION'],
    ['rejected: stays INFORMATION', 'REJECT', 'No licence', 'INFORMATION'],
  ] as const)('%s', async (_case, action, reason, stage) => {
    const { checkId, organisationId } = await seedCheck(t, { status: 'IN_REVIEW', stage: 'INFORMATION' });
    const { body } = await calls.decide(rita, checkId, { action, reason, version: 1 });
    expect(body.organisation.stage).toBe(stage);
    const organisation = await organisationRow(organisationId);
    expect(organisation).toMatchObject({ stage, legitimacyStatus: body.check.status });
    expect((await auditOf(t, checkId))[0]?.diff).toMatchObject({ stage: { from: 'INFORMATION', to: stage } });
  });

  it('the last of the three approvals moves the application to TECHNICAL_IQE', async () => {
    const { checkId, organisationId } = await seedCheck(t, {
      type: 'FINANCIAL',
      status: 'IN_REVIEW',
      stage: 'APPROVALS',
      statuses: { legitimacyStatus: 'APPROVED', contractualStatus: 'APPROVED' },
    });
    const { body } = await calls.decide(rita, checkId, { action: 'APPROVE', version: 1 });
    expect(body.organisation.stage).toBe('TECHNICAL_IQE');
    expect(await organisationRow(organisationId)).toMatchObject({
      stage: 'TECHNICAL_IQE',
      financialStatus: 'APPROVED',
    });
  });

  it('two approvals of three keep it in APPROVALS', async () => {
    const { checkId } = await seedCheck(t, {
      type: 'CONTRACTUAL',
      status: 'IN_REVIEW',
      stage: 'APPROVALS',
      statuses: { legitimacyStatus: 'APPROVED', financialStatus: 'IN_REVIEW' },
    });
    const { body } = await calls.decide(rita, checkId, { action: 'APPROVE', version: 1 });
    expect(body.organisation.stage).toBe('APPROVALS');
  });
});

describe('stale versions (domain.md: "two reviewers can never decide the same check twice")', () => {
  it('answers 409 CHECK_DECIDED_FIRST naming who acted and the status now, writing nothing', async () => {
    const { checkId } = await seedCheck(t, { status: 'SUBMITTED' });
    await calls.decide(rita, checkId, { action: 'START', version: 1 });
    await calls.decide(rita, checkId, { action: 'APPROVE', version: 2 });
    const other = await reviewerHeaders(t, 'otto@emvo.test');
    const { status, body } = await calls.decide(other, checkId, {
      action: 'REJECT',
      reason: 'Too late',
      version: 2,
    });
    expect(status).toBe(409);
    expect(body).toEqual([
      {
        code: 'CHECK_DECIDED_FIRST',
        message: 'Rita Reviewer approved this check first',
        requestId: expect.any(String),
        values: { actor: 'Rita Reviewer', status: 'approved' },
      },
    ]);
    expect(await eventsOf(t, checkId)).toHaveLength(2);
    expect(await checkRow(checkId)).toMatchObject({ status: 'APPROVED', version: 3 });
  });

  it('names the actor by email when they are no portal user', async () => {
    const { checkId } = await seedCheck(t, { status: 'SUBMITTED' });
    const nameless = await reviewerHeaders(t, 'nameless@emvo.test');
    await calls.decide(nameless, checkId, { action: 'START', version: 1 });
    const { body } = await calls.decide(rita, checkId, { action: 'START', version: 1 });
    expect(body).toEqual([
      {
        code: 'CHECK_DECIDED_FIRST',
        message: 'nameless@emvo.test started the review of this check first',
        requestId: expect.any(String),
        values: { actor: 'nameless@emvo.test', status: 'in review' },
      },
    ]);
  });
});

describe('the boundary: no 500 for a client mistake', () => {
  it.each([
    ['an unknown action', { action: 'APPROVE_ALL', version: 1 }, 'action'],
    ['a SUBMIT (the company’s action)', { action: 'SUBMIT', version: 1 }, 'action'],
    ['no version', { action: 'START' }, 'version'],
    ['version 0', { action: 'START', version: 0 }, 'version'],
    ['a version as text', { action: 'START', version: '1' }, 'version'],
    ['a reason too long', { action: 'REJECT', reason: 'x'.repeat(2001), version: 1 }, 'reason'],
  ])('%s: 400 INVALID_FIELD', async (_case, payload, field) => {
    const { checkId } = await seedCheck(t, { status: 'SUBMITTED' });
    const { status, body } = await calls.decide(rita, checkId, payload);
    expect(status).toBe(400);
    expect(body).toEqual([expect.objectContaining({ code: 'INVALID_FIELD', field })]);
  });

  it('an id that is no uuid: 400; an unknown check: 404', async () => {
    expect((await calls.decide(rita, 'not-a-uuid', { action: 'START', version: 1 })).status).toBe(400);
    const unknown = await calls.decide(rita, '00000000-0000-4000-8000-000000000000', {
      action: 'START',
      version: 1,
    });
    expect(unknown).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
  });

  it.each([
    ['EXTERNAL', ['EmvoPortalExternal'], 403],
    ['ADMIN', ['EmvoPortalAdmin'], 403],
  ])('%s callers: %s', async (_name, roles, expected) => {
    const { checkId } = await seedCheck(t, { status: 'SUBMITTED' });
    const headers = await reviewerHeaders(t, `caller-${roles[0]}@company.test`, { roles });
    expect((await calls.decide(headers, checkId, { action: 'START', version: 1 })).status).toBe(expected);
    expect((await calls.detail(headers, checkId)).status).toBe(expected);
    expect((await calls.bill(headers, checkId, { action: 'MARK_PAID', version: 1 })).status).toBe(expected);
    expect((await checkRow(checkId)).status).toBe('SUBMITTED');
  });

  it('no token: 401', async () => {
    const { checkId } = await seedCheck(t, { status: 'SUBMITTED' });
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/checks/${checkId}/decisions`,
      payload: { action: 'START', version: 1 },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('in production (domain.md: "Approve temporarily (test environments only)")', () => {
  let production: TestApp;
  beforeAll(async () => {
    production = await createTestApp({ config: { NODE_ENV: 'production' } });
  });
  afterAll(() => production.app.close());

  it('refuses a temporary approval with 409 TEST_ENVIRONMENT_ONLY and does not offer it', async () => {
    const { checkId } = await seedCheck(production, { status: 'IN_REVIEW' });
    const reviewer = await reviewerHeaders(production, RITA);
    const prodCalls = reviewCalls(production);
    expect((await prodCalls.detail(reviewer, checkId)).body.allowedActions).toEqual([
      'APPROVE',
      'REQUEST_CORRECTIONS',
      'REJECT',
    ]);
    const { status, body } = await prodCalls.decide(reviewer, checkId, {
      action: 'APPROVE_TEMPORARILY',
      reason: 'Pending renewal',
      version: 1,
    });
    expect(status).toBe(409);
    expect(body).toEqual({
      code: 'TEST_ENVIRONMENT_ONLY',
      message: expect.any(String),
      requestId: expect.any(String),
    });
  });
});
