import { isWorkingDay, LEGITIMACY_SLA_WORKING_DAYS, slaDueAt, workingDaysBetween } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  completeDraft,
  createCompany,
  createOnboardingTestApp,
  onboardingCalls,
  type TestApp,
  type TestCompany,
  TINY_PDF,
} from '../../test/onboarding-test-kit.js';
import { spocMails } from '../../test/steps-test-kit.js';

let t: TestApp & { close: () => Promise<void> };
let calls: ReturnType<typeof onboardingCalls>;

beforeAll(async () => {
  t = await createOnboardingTestApp();
  calls = onboardingCalls(t);
});
afterAll(() => t.close());

/** A company whose step is complete: the draft saved and the copy of proof uploaded (version 2). */
async function completeCompany(options: { orgType?: 'OPM' | 'PD' } = {}): Promise<TestCompany> {
  const company = await createCompany(t, options);
  expect((await calls.save(company.headers, completeDraft(1))).status).toBe(200);
  expect((await calls.upload(company.headers, 'proof.pdf', TINY_PDF)).status).toBe(201);
  return company;
}

const checkOf = (company: TestCompany) =>
  t.db
    .selectFrom('checks')
    .selectAll()
    .where('organisationId', '=', company.organisationId)
    .where('type', '=', 'LEGITIMACY')
    .executeTakeFirstOrThrow();

/** What a reviewer's decision leaves on the check row (the review module is another issue's). */
async function reviewerSets(company: TestCompany, status: 'CORRECTIONS_REQUESTED' | 'REJECTED') {
  await t.db
    .updateTable('checks')
    .set({ status, reason: 'The copy of proof is unreadable', decidedAt: new Date(), decidedBy: 'rev' })
    .where('organisationId', '=', company.organisationId)
    .execute();
  await t.db
    .updateTable('organisations')
    .set({ legitimacyStatus: status })
    .where('id', '=', company.organisationId)
    .execute();
}

describe('POST /api/onboarding/legitimacy/submit: completeness', () => {
  it('names every missing item of a blank application in one 400 list body (spec §8)', async () => {
    const company = await createCompany(t);
    const { status, body } = await calls.submit(company.headers, 1);
    expect(status).toBe(400);
    const fields = (body as unknown as Array<{ code: string; field: string; message: string }>).map(
      (entry) => {
        expect(entry).toEqual({
          code: 'MISSING',
          field: entry.field,
          message: expect.any(String),
          requestId: expect.any(String),
        });
        return entry.field;
      },
    );
    expect(fields).toEqual([
      'company.registrationNumber',
      'company.vatNumber',
      'company.address.street',
      'company.address.houseNumber',
      'company.address.postalCode',
      'company.address.city',
      'company.address.country',
      'company.email',
      'company.phone',
      'spoc.firstName',
      'spoc.lastName',
      'spoc.email',
      'spoc.phone',
      'authorisedRepresentative.firstName',
      'authorisedRepresentative.lastName',
      'authorisedRepresentative.email',
      'authorisedRepresentative.phone',
      'authorisedRepresentative.function',
      'authorisedRepresentative.copyOfProof',
      'mahs',
    ]);
    expect(await t.db.selectFrom('checks').selectAll().execute()).toEqual([]);
  });

  it.each([
    ['the copy of proof alone', {}, false, ['authorisedRepresentative.copyOfProof']],
    [
      'a MAH without products and a PD licence',
      {
        company: { ...completeDraft(1).company, orgType: 'PD' },
        mahs: [{ name: 'Lonely MAH', country: 'NL', products: [] }],
      },
      true,
      ['mahs.0.licences', 'mahs.0.products'],
    ],
  ])('names %s', async (_case, overrides, withProof, fields) => {
    const company = await createCompany(t);
    await calls.save(company.headers, completeDraft(1, overrides));
    if (withProof) await calls.upload(company.headers, 'proof.pdf', TINY_PDF);
    const { status, body } = await calls.submit(company.headers, 2);
    expect(status).toBe(400);
    expect((body as unknown as Array<{ field: string }>).map((entry) => entry.field)).toEqual(fields);
  });
});

describe('POST /api/onboarding/legitimacy/submit: a complete application', () => {
  it('creates the check (SUBMITTED, attempt 1, SLA 15 working days), its event, an audit row, the SPOC’s mail and moves to INFORMATION', async () => {
    const company = await completeCompany();
    const before = Date.now();
    const { status, body } = await calls.submit(company.headers, 2);
    expect(status).toBe(200);
    expect(body.organisation).toMatchObject({ stage: 'INFORMATION', version: 3, orgTypeLocked: true });

    const check = await checkOf(company);
    expect(check).toMatchObject({ status: 'SUBMITTED', attempt: 1, createdBy: company.email });
    const submittedAt = new Date(check.submittedAt ?? 0);
    expect(submittedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(check.slaDueAt).toEqual(slaDueAt(submittedAt, t.config.slaHolidays));
    // The rule, whatever the weekday of the submission: the due day is a working day, 15 working days (weekends
    // and the configured holidays skipped) after the submission's day, at the same time of day.
    const due = new Date(check.slaDueAt ?? 0);
    expect(workingDaysBetween(submittedAt, due, t.config.slaHolidays)).toBe(LEGITIMACY_SLA_WORKING_DAYS);
    expect(isWorkingDay(due, t.config.slaHolidays)).toBe(true);
    expect((due.getTime() - submittedAt.getTime()) % 86_400_000).toBe(0);
    expect(body.checks.LEGITIMACY).toEqual({
      status: 'SUBMITTED',
      attempt: 1,
      submittedAt: submittedAt.toISOString(),
      slaDueAt: new Date(check.slaDueAt ?? 0).toISOString(),
      reason: null,
      decidedAt: null,
    });

    const events = await t.db.selectFrom('checkEvents').selectAll().where('checkId', '=', check.id).execute();
    expect(events).toMatchObject([
      { fromStatus: 'NOT_SUBMITTED', toStatus: 'SUBMITTED', actor: company.email, role: 'EXTERNAL' },
    ]);
    const organisation = await t.db
      .selectFrom('organisations')
      .selectAll()
      .where('id', '=', company.organisationId)
      .executeTakeFirstOrThrow();
    expect(organisation).toMatchObject({ legitimacyStatus: 'SUBMITTED', stage: 'INFORMATION', version: 3 });
    expect(organisation.submittedAt).toEqual(submittedAt);
    const audit = await t.db.selectFrom('auditLog').selectAll().where('entityId', '=', check.id).execute();
    expect(audit).toMatchObject([
      {
        actor: company.email,
        action: 'SUBMIT',
        entity: 'check',
        diff: expect.objectContaining({
          attempt: 1,
          status: { from: 'NOT_SUBMITTED', to: 'SUBMITTED' },
          stage: { from: 'REGISTERED', to: 'INFORMATION' },
        }),
      },
    ]);
    const [mail, ...others] = await spocMails(t, company);
    expect(others).toEqual([]);
    expect(mail?.subject).toMatch(/we received your application/);
    expect(mail?.text).toContain('Dear “Sara Spoc”,');
  });

  it('answers 409 VERSION_CONFLICT at a stale version, submitting nothing', async () => {
    const company = await completeCompany();
    expect(await calls.submit(company.headers, 1)).toMatchObject({
      status: 409,
      body: { code: 'VERSION_CONFLICT' },
    });
    expect(
      await t.db
        .selectFrom('checks')
        .select('id')
        .where('organisationId', '=', company.organisationId)
        .execute(),
    ).toEqual([]);
  });

  it('locks the step once submitted: draft and upload answer 409 STEP_LOCKED, a second submit the domain’s code', async () => {
    const company = await completeCompany();
    await calls.submit(company.headers, 2);
    expect(await calls.save(company.headers, completeDraft(3))).toMatchObject({
      status: 409,
      body: { code: 'STEP_LOCKED' },
    });
    expect(await calls.upload(company.headers, 'new.pdf', TINY_PDF)).toMatchObject({
      status: 409,
      body: { code: 'STEP_LOCKED' },
    });
    expect(await calls.submit(company.headers, 3)).toMatchObject({
      status: 409,
      body: { code: 'ACTION_NOT_ALLOWED' },
    });
    expect((await checkOf(company)).attempt).toBe(1);
  });

  it.each([['IN_REVIEW'], ['APPROVED'], ['TEMPORARILY_APPROVED']] as const)(
    'keeps the step locked while the check is %s',
    async (status) => {
      const company = await completeCompany();
      await calls.submit(company.headers, 2);
      await t.db
        .updateTable('checks')
        .set({ status })
        .where('organisationId', '=', company.organisationId)
        .execute();
      expect((await calls.save(company.headers, completeDraft(3))).body).toMatchObject({
        code: 'STEP_LOCKED',
      });
    },
  );

  it('locks the step of a suspended application, before any submission', async () => {
    const company = await createCompany(t);
    await t.db
      .updateTable('organisations')
      .set({ stage: 'SUSPENDED' })
      .where('id', '=', company.organisationId)
      .execute();
    expect((await calls.save(company.headers, completeDraft(1))).body).toMatchObject({ code: 'STEP_LOCKED' });
    expect((await calls.submit(company.headers, 1)).body).toMatchObject({ code: 'ACTION_NOT_ALLOWED' });
  });
});

describe('after the reviewer’s decision', () => {
  it('after REQUEST_CORRECTIONS: the company edits (not its organisation type) and resubmits: attempt 2, a new SLA', async () => {
    const company = await completeCompany();
    await calls.submit(company.headers, 2);
    const first = await checkOf(company);
    await reviewerSets(company, 'CORRECTIONS_REQUESTED');

    const shown = await calls.get(company.headers);
    expect(shown.body.checks.LEGITIMACY).toMatchObject({
      status: 'CORRECTIONS_REQUESTED',
      reason: 'The copy of proof is unreadable',
    });
    expect(shown.body.organisation.orgTypeLocked).toBe(true);

    // domain.md: the organisation type is locked after the first submission.
    const pd = completeDraft(3, { company: { ...completeDraft(3).company, orgType: 'PD' } });
    expect(await calls.save(company.headers, pd)).toMatchObject({
      status: 409,
      body: { code: 'ORG_TYPE_LOCKED' },
    });
    const corrected = completeDraft(3, { company: { ...completeDraft(3).company, city: 'Munich' } });
    expect((await calls.save(company.headers, corrected)).status).toBe(200);
    expect((await calls.upload(company.headers, 'readable.pdf', TINY_PDF)).status).toBe(201);

    const { status, body } = await calls.submit(company.headers, 4);
    expect(status).toBe(200);
    const second = await checkOf(company);
    expect(second).toMatchObject({
      id: first.id,
      status: 'SUBMITTED',
      attempt: 2,
      reason: null,
      decidedAt: null,
      decidedBy: null,
    });
    const resubmittedAt = new Date(second.submittedAt ?? 0);
    expect(resubmittedAt.getTime()).toBeGreaterThanOrEqual(new Date(first.submittedAt ?? 0).getTime());
    // domain.md: "Resubmission after corrections restarts the SLA".
    expect(second.slaDueAt).toEqual(slaDueAt(resubmittedAt, t.config.slaHolidays));
    expect(body.organisation.stage).toBe('INFORMATION');
    const events = await t.db
      .selectFrom('checkEvents')
      .select(['fromStatus', 'toStatus'])
      .where('checkId', '=', first.id)
      .orderBy('at')
      .execute();
    expect(events).toEqual([
      { fromStatus: 'NOT_SUBMITTED', toStatus: 'SUBMITTED' },
      { fromStatus: 'CORRECTIONS_REQUESTED', toStatus: 'SUBMITTED' },
    ]);
    const mails = await spocMails(t, company);
    expect(mails.map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/we received your application/),
      expect.stringMatching(/we received your corrected application/),
    ]);
  });

  it('after REJECTED: the step is read-only for good (STEP_LOCKED), and cannot be submitted again', async () => {
    const company = await completeCompany();
    await calls.submit(company.headers, 2);
    await reviewerSets(company, 'REJECTED');
    expect(await calls.save(company.headers, completeDraft(3))).toMatchObject({
      status: 409,
      body: { code: 'STEP_LOCKED' },
    });
    expect(await calls.upload(company.headers, 'proof.pdf', TINY_PDF)).toMatchObject({
      status: 409,
      body: { code: 'STEP_LOCKED' },
    });
    expect(await calls.submit(company.headers, 3)).toMatchObject({
      status: 409,
      body: { code: 'ACTION_NOT_ALLOWED' },
    });
    expect((await calls.get(company.headers)).body.checks.LEGITIMACY?.status).toBe('REJECTED');
  });
});
