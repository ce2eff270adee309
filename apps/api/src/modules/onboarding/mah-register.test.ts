import type { OnboardingAnswer } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLES } from '../../storage/test-uploads.js';
import {
  addPerson,
  completeDraft,
  createCompany,
  createOnboardingTestApp,
  PRODUCT_CODE,
  type TestApp,
  type TestCompany,
} from '../../test/onboarding-test-kit.js';
import {
  approvedCompany,
  BILLING,
  checkWithEvents,
  setCheck,
  spocMails,
  stepCalls,
} from '../../test/steps-test-kit.js';

let t: TestApp & { close: () => Promise<void> };
let calls: ReturnType<typeof stepCalls>;

beforeAll(async () => {
  t = await createOnboardingTestApp();
  calls = stepCalls(t);
});
afterAll(() => t.close());

const NEW_MAH = {
  name: 'Newcomer Pharma B.V.',
  country: 'NL',
  activeIn: ['NL'],
  licences: [],
  products: [{ name: 'Newol 5 mg', productCode: PRODUCT_CODE, countries: ['NL'] }],
};

/** The register as the company sends it back: every MAH by id with its active flag. */
const kept = (answer: OnboardingAnswer, change: Record<string, boolean> = {}) =>
  answer.mahRegister.mahs.map((mah) => ({ id: mah.id, active: change[mah.id] ?? mah.active }));

async function register(company: TestCompany) {
  return (await calls.get(company.headers)).body;
}

/** The company's invoicing form submitted for its active MAHs and approved by a reviewer. */
async function approvedForm(company: TestCompany) {
  expect((await calls.uploadForm(company.headers)).status).toBe(201);
  const saved = await calls.saveFinancial(company.headers, {
    version: await calls.version(company.headers),
    billing: BILLING,
  });
  expect((await calls.submitFinancial(company.headers, saved.body.organisation.version)).status).toBe(200);
  await setCheck(t, company, 'FINANCIAL', 'APPROVED');
}

describe('PUT /api/onboarding/mahs: the MAH register once the legitimacy is approved', () => {
  it('is part of the legitimacy step before (409 STEP_LOCKED), and closed while SUSPENDED', async () => {
    const early = await createCompany(t);
    const answer = await register(early);
    expect(answer.mahRegister).toEqual({ editable: false, mahs: [] });
    expect(
      (
        await calls.saveMahs(early.headers, {
          version: answer.organisation.version,
          mahs: [],
          added: [NEW_MAH],
        })
      ).body,
    ).toMatchObject({ code: 'STEP_LOCKED' });

    const suspended = await approvedCompany(t);
    await t.db
      .updateTable('organisations')
      .set({ stage: 'SUSPENDED' })
      .where('id', '=', suspended.organisationId)
      .execute();
    const shown = await register(suspended);
    expect(shown.mahRegister.editable).toBe(false);
    expect(
      (await calls.saveMahs(suspended.headers, { version: shown.organisation.version, mahs: kept(shown) }))
        .body,
    ).toMatchObject({
      code: 'STEP_LOCKED',
    });
  });

  it('deactivates and adds MAHs; the fee follows the active count; MAHs are kept, with their ids', async () => {
    const company = await approvedCompany(t, { mahCount: 2 });
    const before = await register(company);
    expect(before.mahRegister.editable).toBe(true);
    expect(before.mahRegister.mahs.map((mah) => mah.active)).toEqual([true, true]);
    const [first, second] = before.mahRegister.mahs;
    if (!first || !second) throw new Error('two MAHs expected');

    const deactivated = await calls.saveMahs(company.headers, {
      version: before.organisation.version,
      mahs: kept(before, { [second.id]: false }),
    });
    expect(deactivated.status).toBe(200);
    expect(deactivated.body.mahRegister.mahs.map((mah) => [mah.id, mah.active])).toEqual([
      [first.id, true],
      [second.id, false],
    ]);
    expect(deactivated.body.mahs.map((mah) => mah.name)).toEqual([first.name]);
    expect(deactivated.body.financial).toMatchObject({
      activeMahCount: 1,
      fee: { tier: '1', amountCents: 675_000 },
    });

    const added = await calls.saveMahs(company.headers, {
      version: deactivated.body.organisation.version,
      mahs: kept(deactivated.body),
      added: [NEW_MAH],
    });
    expect(added.status).toBe(200);
    expect(added.body.mahRegister.mahs.map((mah) => [mah.name, mah.active])).toEqual([
      [first.name, true],
      [second.name, false],
      ['Newcomer Pharma B.V.', true],
    ]);
    expect(added.body.financial).toMatchObject({
      activeMahCount: 2,
      fee: { tier: '2', amountCents: 1_350_000 },
    });
    const organisation = await t.db
      .selectFrom('organisations')
      .select('mahCount')
      .where('id', '=', company.organisationId)
      .executeTakeFirstOrThrow();
    expect(organisation.mahCount).toBe(2);
    const audit = await t.db
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'UPDATE_MAH_REGISTER')
      .where('entityId', '=', company.organisationId)
      .execute();
    expect(audit).toHaveLength(2);

    // Reactivating is a change like any other.
    const reactivated = await calls.saveMahs(company.headers, {
      version: added.body.organisation.version,
      mahs: kept(added.body, { [second.id]: true }),
    });
    expect(reactivated.body.financial.activeMahCount).toBe(3);
  });

  it('never deletes a MAH, refuses another company’s, an incomplete new one and a stale version', async () => {
    const company = await approvedCompany(t, { mahCount: 2 });
    const other = await approvedCompany(t);
    const answer = await register(company);
    const version = answer.organisation.version;
    const [first] = kept(answer);

    const deleted = await calls.saveMahs(company.headers, { version, mahs: [first] });
    expect(deleted).toMatchObject({
      status: 409,
      body: [{ code: 'MAH_DELETION_NOT_ALLOWED', field: 'mahs' }],
    });

    const foreign = kept(await register(other));
    const stranger = await calls.saveMahs(company.headers, { version, mahs: [...kept(answer), ...foreign] });
    expect(stranger).toMatchObject({ status: 400, body: [{ code: 'INVALID_FIELD', field: 'mahs.2.id' }] });
    expect((await register(other)).mahRegister.mahs.map((mah) => mah.active)).toEqual([true]);

    const incomplete = await calls.saveMahs(company.headers, {
      version,
      mahs: kept(answer),
      added: [{ name: 'Half a MAH', country: 'DE' }],
    });
    expect(incomplete).toMatchObject({ status: 400, body: [{ code: 'MISSING', field: 'added.0.products' }] });

    expect(await calls.saveMahs(company.headers, { version: version - 1, mahs: kept(answer) })).toMatchObject(
      {
        status: 409,
        body: { code: 'VERSION_CONFLICT' },
      },
    );
    expect((await register(company)).mahRegister.mahs).toHaveLength(2);
  });

  it('asks a PD company for the licences of a new MAH', async () => {
    const company = await createCompany(t, { orgType: 'PD' });
    const draft = completeDraft(await calls.version(company.headers), {
      company: { ...completeDraft(1).company, orgType: 'PD' },
      mahs: [{ ...completeDraft(1).mahs[0], licences: ['LIC-1'] }],
    });
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/onboarding/legitimacy',
          headers: company.headers,
          payload: draft,
        })
      ).statusCode,
    ).toBe(200);
    await setCheck(t, company, 'LEGITIMACY', 'APPROVED');
    await t.db
      .updateTable('organisations')
      .set({ stage: 'APPROVALS', legitimacyStatus: 'APPROVED' })
      .where('id', '=', company.organisationId)
      .execute();
    const answer = await register(company);
    const refused = await calls.saveMahs(company.headers, {
      version: answer.organisation.version,
      mahs: kept(answer),
      added: [NEW_MAH],
    });
    expect(refused).toMatchObject({ status: 400, body: [{ code: 'MISSING', field: 'added.0.licences' }] });
  });

  it('a READ_ONLY user gets 403', async () => {
    const company = await approvedCompany(t);
    const readOnly = await addPerson(t, company, { access: 'READ_ONLY' });
    const answer = await calls.get(readOnly);
    expect(
      (
        await calls.saveMahs(readOnly, {
          version: answer.body.organisation.version,
          mahs: kept(answer.body),
          added: [NEW_MAH],
        })
      ).status,
    ).toBe(403);
  });
});

describe('domain.md: "More active MAHs than the approved form declares sends it back to rejected, with the top-up amount shown"', () => {
  it('rejects the approved form (SYSTEM), shows the top-up, mails the SPOC; the new form is due for the difference', async () => {
    const company = await approvedCompany(t, { mahCount: 2 });
    await approvedForm(company);
    // The reviewer invoiced the approved form for 2 MAHs, and it was paid.
    await t.db
      .updateTable('invoicingInformation')
      .set({ invoiceNumber: 'INV-2026/0001', invoicedAt: new Date(), paidAt: new Date() })
      .where('organisationId', '=', company.organisationId)
      .execute();
    const before = await register(company);
    expect(before.financial).toMatchObject({
      editable: false,
      topUp: null,
      invoicing: { declaredMahCount: 2 },
    });

    const added = await calls.saveMahs(company.headers, {
      version: before.organisation.version,
      mahs: kept(before),
      added: [NEW_MAH],
    });
    expect(added.status).toBe(200);
    expect(added.body.checks.FINANCIAL).toMatchObject({ status: 'REJECTED' });
    expect(added.body.financial).toMatchObject({
      editable: true,
      activeMahCount: 3,
      fee: { tier: '3-5', amountCents: 1_800_000 },
      topUp: { amountCents: 450_000, declared: 2, active: 3 },
    });
    const { check, events } = await checkWithEvents(t, company, 'FINANCIAL');
    expect(check).toMatchObject({ status: 'REJECTED', decidedBy: 'SYSTEM' });
    expect(events.at(-1)).toMatchObject({
      fromStatus: 'APPROVED',
      toStatus: 'REJECTED',
      role: 'SYSTEM',
      actor: 'SYSTEM',
    });
    expect(events.at(-1)?.comment).toContain('top-up of 450000 EUR cents');
    const audit = await t.db
      .selectFrom('auditLog')
      .selectAll()
      .where('entityId', '=', check.id)
      .where('action', '=', 'TOP_UP_REQUIRED')
      .execute();
    expect(audit).toHaveLength(1);
    const mail = (await spocMails(t, company)).at(-1);
    expect(mail?.subject).toContain('your invoicing form needs a top-up');
    expect(mail?.text).toContain('€4,500.00');

    // The company files a new form for its 3 MAHs: attempt 2, the earlier invoice counted as invoiced.
    expect((await calls.uploadForm(company.headers, 'invoicing-3-mahs.xlsx', SAMPLES.xlsx)).status).toBe(201);
    const resubmitted = await calls.submitFinancial(company.headers, added.body.organisation.version);
    expect(resubmitted.status).toBe(200);
    expect(resubmitted.body.checks.FINANCIAL).toMatchObject({ status: 'SUBMITTED', attempt: 2 });
    expect(resubmitted.body.financial).toMatchObject({
      topUp: null,
      invoicing: {
        declaredMahCount: 3,
        feeCents: 1_800_000,
        amountDueCents: 450_000,
        invoiceNumber: null,
        invoicedAt: null,
        paidAt: null,
      },
    });
    const earlier = await t.db
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'SUBMIT_INVOICING_INFORMATION')
      .where('actor', '=', company.email)
      .orderBy('at', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(earlier.diff)).toContain('INV-2026/0001');
  });

  it('a top-up within one tier still sends the form back (amount 0); fewer MAHs never do', async () => {
    const company = await approvedCompany(t, { mahCount: 3 });
    await approvedForm(company);
    const before = await register(company);
    const [first] = before.mahRegister.mahs;
    if (!first) throw new Error('a MAH expected');
    const fewer = await calls.saveMahs(company.headers, {
      version: before.organisation.version,
      mahs: kept(before, { [first.id]: false }),
    });
    expect(fewer.body.checks.FINANCIAL).toMatchObject({ status: 'APPROVED' });
    expect(fewer.body.financial.topUp).toBeNull();
    const more = await calls.saveMahs(company.headers, {
      version: fewer.body.organisation.version,
      mahs: kept(fewer.body, { [first.id]: true }),
      added: [NEW_MAH],
    });
    expect(more.body.checks.FINANCIAL).toMatchObject({ status: 'REJECTED' });
    expect(more.body.financial.topUp).toEqual({ amountCents: 0, declared: 3, active: 4 });
  });

  it('a form still waiting on the reviewer is left as it is', async () => {
    const company = await approvedCompany(t);
    await approvedForm(company);
    await setCheck(t, company, 'FINANCIAL', 'IN_REVIEW');
    const before = await register(company);
    const added = await calls.saveMahs(company.headers, {
      version: before.organisation.version,
      mahs: kept(before),
      added: [NEW_MAH],
    });
    expect(added.body.checks.FINANCIAL).toMatchObject({ status: 'IN_REVIEW' });
    expect(added.body.financial.topUp).toBeNull();
  });
});
