import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditOf,
  eventsOf,
  type Headers,
  mailsTo,
  reviewCalls,
  reviewerHeaders,
  seedCheck,
  seedInvoicing,
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

const invoicingOf = (organisationId: string) =>
  t.db
    .selectFrom('invoicingInformation')
    .selectAll()
    .where('organisationId', '=', organisationId)
    .executeTakeFirstOrThrow();

/** An approved financial check with the company's invoicing information (2 MAHs declared, EUR 13,500). */
async function approvedInvoicingForm() {
  const seeded = await seedCheck(t, { type: 'FINANCIAL', status: 'APPROVED', stage: 'TECHNICAL_IQE' });
  await seedInvoicing(t, seeded.organisationId, { declaredMahCount: 2, feeCents: 1_350_000 });
  return seeded;
}

describe('POST /api/checks/{id}/billing (domain.md Financial: "then marks invoiced and paid")', () => {
  it('marks invoiced, then paid, in that order: each action an event, an audit row and the check’s version + 1', async () => {
    const { checkId, organisationId, spocEmail, obpNumber } = await approvedInvoicingForm();
    expect((await calls.detail(rita, checkId)).body.billing).toMatchObject({
      declaredMahCount: 2,
      feeCents: 1_350_000,
      invoiceNumber: null,
      allowedActions: ['MARK_INVOICED'],
    });

    const paidTooEarly = await calls.bill(rita, checkId, { action: 'MARK_PAID', version: 1 });
    expect(paidTooEarly).toMatchObject({ status: 409, body: { code: 'ACTION_NOT_ALLOWED' } });

    const invoiced = await calls.bill(rita, checkId, {
      action: 'MARK_INVOICED',
      invoiceNumber: ' INV-2026/0042 ',
      version: 1,
    });
    expect(invoiced.status).toBe(200);
    expect(invoiced.body.check).toMatchObject({ status: 'APPROVED', version: 2 });
    expect(invoiced.body.billing).toMatchObject({
      invoiceNumber: 'INV-2026/0042',
      invoicedAt: expect.any(String),
      paidAt: null,
      allowedActions: ['MARK_PAID'],
    });
    const [mail, ...others] = await mailsTo(t, spocEmail);
    expect(others).toEqual([]);
    expect(mail?.subject).toBe(`Onboarding Portal: invoice INV-2026/0042 for your onboarding (${obpNumber})`);
    expect(mail?.text).toContain('€13,500.00');
    expect(mail?.text).toContain('for 2 MAHs');

    const again = await calls.bill(rita, checkId, {
      action: 'MARK_INVOICED',
      invoiceNumber: 'INV-9',
      version: 2,
    });
    expect(again).toMatchObject({ status: 409, body: { code: 'ACTION_NOT_ALLOWED' } });

    const paid = await calls.bill(rita, checkId, { action: 'MARK_PAID', version: 2 });
    expect(paid.status).toBe(200);
    expect(paid.body.billing).toMatchObject({ paidAt: expect.any(String), allowedActions: [] });
    expect(paid.body.check.version).toBe(3);
    expect(await mailsTo(t, spocEmail)).toHaveLength(1);

    const stored = await invoicingOf(organisationId);
    expect(stored).toMatchObject({ invoiceNumber: 'INV-2026/0042', version: 3, updatedBy: RITA });
    expect(stored.invoicedAt).toBeInstanceOf(Date);
    expect(stored.paidAt).toBeInstanceOf(Date);
    expect(await eventsOf(t, checkId)).toMatchObject([
      {
        fromStatus: 'APPROVED',
        toStatus: 'APPROVED',
        actor: RITA,
        role: 'EMVO',
        comment: 'Invoiced: INV-2026/0042',
      },
      { fromStatus: 'APPROVED', toStatus: 'APPROVED', actor: RITA, role: 'EMVO', comment: 'Paid' },
    ]);
    expect(await auditOf(t, checkId)).toMatchObject([
      { action: 'MARK_INVOICED', actor: RITA, entity: 'check' },
      { action: 'MARK_PAID', actor: RITA, entity: 'check' },
    ]);
    // The billing events are no decisions: the attempt still ended approved.
    const detail = (await calls.detail(rita, checkId)).body;
    expect(detail.events).toHaveLength(2);
  });

  it('a stale version answers CHECK_DECIDED_FIRST naming the invoicing', async () => {
    const { checkId } = await approvedInvoicingForm();
    await calls.bill(rita, checkId, { action: 'MARK_INVOICED', invoiceNumber: 'INV-1', version: 1 });
    const other = await reviewerHeaders(t, 'otto@emvo.test');
    const { status, body } = await calls.bill(other, checkId, { action: 'MARK_PAID', version: 1 });
    expect(status).toBe(409);
    expect(body).toEqual([
      {
        code: 'CHECK_DECIDED_FIRST',
        message: 'Rita Reviewer marked this check invoiced first',
        requestId: expect.any(String),
        values: { actor: 'Rita Reviewer', status: 'approved' },
      },
    ]);
  });

  it.each([['SUBMITTED'], ['IN_REVIEW'], ['REJECTED']] as const)(
    'refuses a financial check that is %s: 409 ACTION_NOT_ALLOWED',
    async (status) => {
      const { checkId, organisationId } = await seedCheck(t, { type: 'FINANCIAL', status });
      await seedInvoicing(t, organisationId);
      const { status: code, body } = await calls.bill(rita, checkId, {
        action: 'MARK_INVOICED',
        invoiceNumber: 'INV-1',
        version: 1,
      });
      expect(code).toBe(409);
      expect(body).toEqual({
        code: 'ACTION_NOT_ALLOWED',
        message: 'Cannot invoice: the invoicing form is not approved',
        requestId: expect.any(String),
      });
      expect((await invoicingOf(organisationId)).invoiceNumber).toBeNull();
    },
  );

  it.each([['LEGITIMACY'], ['CONTRACTUAL']] as const)(
    'refuses the %s check: only the financial check is invoiced',
    async (type) => {
      const { checkId } = await seedCheck(t, { type, status: 'APPROVED' });
      const { status, body } = await calls.bill(rita, checkId, { action: 'MARK_PAID', version: 1 });
      expect(status).toBe(409);
      expect(body.code).toBe('ACTION_NOT_ALLOWED');
    },
  );

  it('refuses with a clear message when the company filed no invoicing information', async () => {
    const { checkId } = await seedCheck(t, { type: 'FINANCIAL', status: 'APPROVED' });
    const { status, body } = await calls.bill(rita, checkId, {
      action: 'MARK_INVOICED',
      invoiceNumber: 'INV-1',
      version: 1,
    });
    expect(status).toBe(409);
    expect(body).toEqual({
      code: 'ACTION_NOT_ALLOWED',
      message: 'The company has not filed its invoicing information yet: there is nothing to invoice',
      requestId: expect.any(String),
    });
    expect((await calls.detail(rita, checkId)).body.billing?.allowedActions).toEqual([]);
  });

  it.each([
    ['no invoice number', { action: 'MARK_INVOICED', version: 1 }, 400, 'INVALID_FIELD'],
    [
      'a blank invoice number',
      { action: 'MARK_INVOICED', invoiceNumber: '  ', version: 1 },
      400,
      'INVALID_FIELD',
    ],
    ['an unknown action', { action: 'MARK_REFUNDED', version: 1 }, 400, 'INVALID_FIELD'],
    ['no version', { action: 'MARK_PAID' }, 400, 'INVALID_FIELD'],
    [
      'an invoice number with spaces inside',
      { action: 'MARK_INVOICED', invoiceNumber: 'INV 42', version: 1 },
      400,
      'INVALID_INVOICE_NUMBER',
    ],
  ])('%s: %s %s', async (_case, payload, status, code) => {
    const { checkId, organisationId } = await approvedInvoicingForm();
    const answer = await calls.bill(rita, checkId, payload);
    expect(answer.status).toBe(status);
    expect(JSON.stringify(answer.body)).toContain(code);
    expect((await invoicingOf(organisationId)).version).toBe(1);
  });
});
