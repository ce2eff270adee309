import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLES } from '../../storage/test-uploads.js';
import {
  addPerson,
  blobKeys,
  createCompany,
  createOnboardingTestApp,
  type TestApp,
  type TestCompany,
  TINY_PDF,
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

const fields = (body: unknown) => (body as Array<{ field: string }>).map((entry) => entry.field);

/** The company's billing details saved and its form uploaded: ready to submit; answers the version. */
async function filed(company: TestCompany): Promise<number> {
  expect((await calls.uploadForm(company.headers)).status).toBe(201);
  const saved = await calls.saveFinancial(company.headers, {
    version: await calls.version(company.headers),
    billing: BILLING,
  });
  expect(saved.status).toBe(200);
  return saved.body.organisation.version;
}

describe('the financial step (domain.md "Financial")', () => {
  it.each([
    [1, '1', 675_000],
    [2, '2', 1_350_000],
    [4, '3-5', 1_800_000],
  ])('with %s active MAH(s), shows fee tier %s: %s EUR cents', async (mahCount, tier, amountCents) => {
    const company = await approvedCompany(t, { mahCount });
    const { body } = await calls.get(company.headers);
    expect(body.financial).toEqual({
      editable: true,
      activeMahCount: mahCount,
      fee: { tier, amountCents },
      invoicing: null,
      topUp: null,
    });
  });

  it('is closed before the legitimacy is approved', async () => {
    const company = await createCompany(t);
    const { body } = await calls.get(company.headers);
    expect(body.financial.editable).toBe(false);
    const version = body.organisation.version;
    expect((await calls.saveFinancial(company.headers, { version, billing: BILLING })).body).toMatchObject({
      code: 'STEP_LOCKED',
    });
    expect((await calls.uploadForm(company.headers)).body).toMatchObject({ code: 'STEP_LOCKED' });
    expect((await calls.submitFinancial(company.headers, version)).body).toMatchObject({
      code: 'ACTION_NOT_ALLOWED',
    });
  });

  it('names every missing item of a blank application in one 400 list body', async () => {
    const company = await approvedCompany(t);
    const { status, body } = await calls.submitFinancial(
      company.headers,
      await calls.version(company.headers),
    );
    expect(status).toBe(400);
    expect(fields(body)).toEqual([
      'billing.legalEntity',
      'billing.address.street',
      'billing.address.houseNumber',
      'billing.address.postalCode',
      'billing.address.city',
      'billing.address.country',
      'billing.vatNumber',
      'billing.billingEmail',
      'invoicingForm',
    ]);
  });

  it('saves a partial draft (blanks allowed), at the version (409 when stale)', async () => {
    const company = await approvedCompany(t, { mahCount: 2 });
    const version = await calls.version(company.headers);
    const partial = {
      legalEntity: 'Acme Billing',
      address: { city: 'Berlin', country: 'de' },
      billingEmail: '',
    };
    const saved = await calls.saveFinancial(company.headers, { version, billing: partial });
    expect(saved.status).toBe(200);
    expect(saved.body.organisation.version).toBe(version + 1);
    expect(saved.body.financial.invoicing).toEqual({
      declaredMahCount: 2,
      feeCents: 1_350_000,
      amountDueCents: 1_350_000,
      billing: {
        legalEntity: 'Acme Billing',
        address: { street: null, houseNumber: null, postalCode: null, city: 'Berlin', country: 'DE' },
        vatNumber: null,
        purchaseOrderNumber: null,
        billingEmail: null,
      },
      form: null,
      invoiceNumber: null,
      invoicedAt: null,
      paidAt: null,
    });
    expect((await calls.saveFinancial(company.headers, { version, billing: BILLING })).body).toMatchObject({
      code: 'VERSION_CONFLICT',
    });
    const missing = await calls.submitFinancial(company.headers, version + 1);
    expect(fields(missing.body)).toEqual([
      'billing.address.street',
      'billing.address.houseNumber',
      'billing.address.postalCode',
      'billing.vatNumber',
      'billing.billingEmail',
      'invoicingForm',
    ]);
  });

  it.each([
    ['a VAT number of another country', { vatNumber: 'FR12345678901' }, 'billing.vatNumber'],
    [
      'a country outside the EEA',
      { address: { ...BILLING.address, country: 'US' } },
      'billing.address.country',
    ],
    [
      'a purchase-order number over 50 characters',
      { purchaseOrderNumber: 'P'.repeat(51) },
      'billing.purchaseOrderNumber',
    ],
    ['a billing email that is none', { billingEmail: 'invoices at acme' }, 'billing.billingEmail'],
    [
      'a house number that is none',
      { address: { ...BILLING.address, houseNumber: 'twelve' } },
      'billing.address.houseNumber',
    ],
  ])('refuses %s (400)', async (_case, change, field) => {
    const company = await approvedCompany(t);
    const response = await calls.saveFinancial(company.headers, {
      version: await calls.version(company.headers),
      billing: { ...BILLING, ...change },
    });
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toContain(field.split('.').at(-1));
  });

  it('a wrong VAT number’s 400 says the country’s format, on its field', async () => {
    const company = await approvedCompany(t);
    const response = await calls.saveFinancial(company.headers, {
      version: await calls.version(company.headers),
      billing: { ...BILLING, vatNumber: 'DE12345' },
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual([
      {
        code: 'INVALID_FIELD',
        field: 'billing.vatNumber',
        message: 'A VAT number of Germany is DE followed by 9 digits, e.g. DE123456789.',
        requestId: expect.any(String),
      },
    ]);
  });

  it('submits: the FINANCIAL check, its CheckEvent, the audit rows, the declared MAHs and fee, and the SPOC’s mail', async () => {
    const company = await approvedCompany(t, { mahCount: 3 });
    const version = await filed(company);
    const { status, body } = await calls.submitFinancial(company.headers, version);
    expect(status).toBe(200);
    expect(body.checks.FINANCIAL).toMatchObject({ status: 'SUBMITTED', attempt: 1 });
    expect(body.financial).toMatchObject({
      editable: false,
      invoicing: { declaredMahCount: 3, feeCents: 1_800_000, amountDueCents: 1_800_000, billing: BILLING },
      topUp: null,
    });
    const { check, events } = await checkWithEvents(t, company, 'FINANCIAL');
    expect(events).toMatchObject([
      { fromStatus: 'NOT_SUBMITTED', toStatus: 'SUBMITTED', role: 'EXTERNAL', actor: company.email },
    ]);
    const audit = await t.db
      .selectFrom('auditLog')
      .select(['action', 'entity'])
      .where('actor', '=', company.email)
      .where('action', 'in', ['SUBMIT', 'SUBMIT_INVOICING_INFORMATION'])
      .execute();
    expect(audit).toEqual(
      expect.arrayContaining([
        { action: 'SUBMIT', entity: 'check' },
        { action: 'SUBMIT_INVOICING_INFORMATION', entity: 'invoicingInformation' },
      ]),
    );
    expect(check.organisationId).toBe(company.organisationId);
    const mail = (await spocMails(t, company)).at(-1);
    expect(mail?.subject).toContain('we received your invoicing form');
    expect(mail?.text).toContain('€18,000.00');
    expect(
      (await calls.saveFinancial(company.headers, { version: version + 1, billing: BILLING })).body,
    ).toMatchObject({
      code: 'STEP_LOCKED',
    });
  });

  it('a reviewer’s rejection is final; corrections reopen the step (attempt 2)', async () => {
    const company = await approvedCompany(t);
    await calls.submitFinancial(company.headers, await filed(company));
    await setCheck(t, company, 'FINANCIAL', 'CORRECTIONS_REQUESTED');
    const reopened = await calls.get(company.headers);
    expect(reopened.body.financial.editable).toBe(true);
    const again = await calls.submitFinancial(company.headers, reopened.body.organisation.version);
    expect(again.body.checks.FINANCIAL).toMatchObject({ status: 'SUBMITTED', attempt: 2 });
    await setCheck(t, company, 'FINANCIAL', 'REJECTED');
    const rejected = await calls.get(company.headers);
    expect(rejected.body.financial).toMatchObject({ editable: false, topUp: null });
    expect(
      (await calls.submitFinancial(company.headers, rejected.body.organisation.version)).body,
    ).toMatchObject({
      code: 'ACTION_NOT_ALLOWED',
    });
  });

  describe('the invoicing form goes through the stored-files service', () => {
    let company: TestCompany;
    beforeAll(async () => {
      company = await approvedCompany(t);
    });

    it.each([
      ['a pdf', 'form.pdf', TINY_PDF, 'application/pdf'],
      [
        'a Word document',
        'form.docx',
        SAMPLES.docx,
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      ],
      ['an old Word document', 'form.doc', SAMPLES.cfb, 'application/msword'],
      [
        'an Excel workbook',
        'form.xlsx',
        SAMPLES.xlsx,
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      ],
      ['an old Excel workbook', 'form.xls', SAMPLES.cfb, 'application/vnd.ms-excel'],
    ])('takes %s', async (_case, name, content, mime) => {
      const uploaded = await calls.uploadForm(company.headers, name, content);
      expect(uploaded).toMatchObject({ status: 201, body: { name, mime } });
      expect((await calls.get(company.headers)).body.financial.invoicing?.form).toEqual(uploaded.body);
      const row = await t.db
        .selectFrom('storedFiles')
        .selectAll()
        .where('id', '=', uploaded.body.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        purpose: 'INVOICING_FORM',
        organisationId: company.organisationId,
        refCount: 1,
      });
    });

    it('replaces the form: the previous one is removed, its row and its blob', async () => {
      const first = await calls.uploadForm(company.headers, 'first.pdf');
      const blobsWithFirst = await blobKeys(t);
      const second = await calls.uploadForm(company.headers, 'second.pdf');
      const rows = await t.db
        .selectFrom('storedFiles')
        .select(['id', 'blobKey'])
        .where('id', 'in', [first.body.id, second.body.id])
        .execute();
      expect(rows.map((row) => row.id)).toEqual([second.body.id]);
      const blobs = await blobKeys(t);
      expect(blobs).toContain(rows[0]?.blobKey);
      expect(blobs).toHaveLength(blobsWithFirst.length);
    });

    it.each([
      ['a picture', 400, '111', 'form.png', SAMPLES.png],
      ['a .xlsx that is a pdf', 400, '112', 'form.xlsx', TINY_PDF],
      [
        'a file one byte over the 10 MB limit',
        413,
        'FILE_TOO_LARGE',
        'form.pdf',
        Buffer.concat([TINY_PDF, Buffer.alloc(10_000_001 - TINY_PDF.length, 32)]),
      ],
    ])('refuses %s with %s %s and stores nothing', async (_case, status, code, name, content) => {
      const before = await blobKeys(t);
      expect(await calls.uploadForm(company.headers, name, content)).toMatchObject({
        status,
        body: { code },
      });
      expect(await blobKeys(t)).toEqual(before);
    });
  });

  it('a READ_ONLY user reads the step and gets 403 on every write', async () => {
    const company = await approvedCompany(t);
    const readOnly = await addPerson(t, company, { access: 'READ_ONLY' });
    const shown = await calls.get(readOnly);
    expect(shown.status).toBe(200);
    const version = shown.body.organisation.version;
    for (const response of [
      await calls.saveFinancial(readOnly, { version, billing: BILLING }),
      await calls.uploadForm(readOnly),
      await calls.submitFinancial(readOnly, version),
    ]) {
      expect(response).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    }
  });

  it('two companies: each sees its own invoicing; one never reads the other’s form', async () => {
    const acme = await approvedCompany(t, { name: 'Acme Billing Co' });
    const boreal = await approvedCompany(t, { name: 'Boreal Billing Co' });
    const form = await calls.uploadForm(acme.headers, 'acme-form.pdf');
    expect((await calls.get(boreal.headers)).body.financial.invoicing).toBeNull();
    expect((await calls.download(boreal.headers, form.body.id)).statusCode).toBe(404);
    expect((await calls.download(acme.headers, form.body.id)).statusCode).toBe(200);
  });
});
