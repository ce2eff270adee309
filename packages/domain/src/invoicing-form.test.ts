import { describe, expect, it } from 'vitest';
import { initialCheck, SYSTEM_ACTOR } from './checks.js';
import {
  amountDueCents,
  type FinancialApplication,
  financialStepOf,
  missingForFinancial,
  submittedInvoicing,
  topUpDue,
} from './invoicing-form.js';

const COMPLETE: FinancialApplication = {
  activeMahCount: 2,
  billing: {
    legalEntity: 'Acme Pharma GmbH',
    address: {
      street: 'Hauptstraße',
      houseNumber: '12a',
      postalCode: '10115',
      city: 'Berlin',
      country: 'DE',
    },
    vatNumber: 'DE123456789',
    purchaseOrderNumber: null,
    billingEmail: 'invoices@acme.example',
  },
  form: { id: 'f1' },
};
const fields = (application: FinancialApplication) =>
  missingForFinancial(application).map((item) => item.field);

describe('a financial submission names every missing item (domain.md "Financial")', () => {
  it('complete billing details, a form and an active MAH miss nothing (the purchase order is optional)', () => {
    expect(missingForFinancial(COMPLETE)).toEqual([]);
  });

  it('nothing given yet: every billing detail, the form and the MAHs', () => {
    expect(fields({ activeMahCount: 0, billing: null, form: null })).toEqual([
      'billing.legalEntity',
      'billing.address.street',
      'billing.address.houseNumber',
      'billing.address.postalCode',
      'billing.address.city',
      'billing.address.country',
      'billing.vatNumber',
      'billing.billingEmail',
      'invoicingForm',
      'mahs',
    ]);
  });

  it('a blank value counts as missing', () => {
    const billing = {
      ...COMPLETE.billing,
      legalEntity: '  ',
      billingEmail: null,
    } as FinancialApplication['billing'];
    expect(fields({ ...COMPLETE, billing })).toEqual(['billing.legalEntity', 'billing.billingEmail']);
  });
});

describe('the top-up shown while the invoicing form stands rejected for more active MAHs', () => {
  const financial = initialCheck('FINANCIAL');
  it.each<[string, Parameters<typeof topUpDue>[0], { declared: number; active: number }, number | null]>([
    [
      'a top-up rejection from 2 to 3 MAHs: 18,000 - 13,500 EUR',
      { ...financial, status: 'REJECTED', decidedBy: SYSTEM_ACTOR },
      { declared: 2, active: 3 },
      450_000,
    ],
    [
      'a top-up within one tier (3 to 4): nothing more to pay',
      { ...financial, status: 'REJECTED', decidedBy: SYSTEM_ACTOR },
      { declared: 3, active: 4 },
      0,
    ],
    [
      "a reviewer's rejection is no top-up",
      { ...financial, status: 'REJECTED', decidedBy: 'rita' },
      { declared: 2, active: 3 },
      null,
    ],
    [
      'an approved form shows none',
      { ...financial, status: 'APPROVED', decidedBy: 'rita' },
      { declared: 2, active: 2 },
      null,
    ],
    ['no form yet shows none', null, { declared: 0, active: 1 }, null],
  ])('%s', (_case, check, counts, amount) => {
    const due = topUpDue(check, counts);
    expect(due?.amountCents ?? null).toBe(amount);
    if (due) expect(due).toEqual({ amountCents: amount, ...counts });
  });

  it('after a top-up only the difference is left to invoice', () => {
    expect(amountDueCents(1_800_000, 1_350_000)).toBe(450_000);
    expect(amountDueCents(1_800_000, 0)).toBe(1_800_000);
    expect(amountDueCents(1_350_000, 1_800_000)).toBe(0);
  });
});

describe('the financial step as the company sees it', () => {
  const progress = {
    stage: 'TECHNICAL_IQE' as const,
    legitimacyStatus: 'APPROVED' as const,
    contractualStatus: 'APPROVED' as const,
    financialStatus: 'REJECTED' as const,
    financialDecidedBy: SYSTEM_ACTOR,
  };
  const invoicing = {
    declaredMahCount: 1,
    feeCents: 1_000_00,
    invoicedBeforeCents: 400_00,
    billing: { legalEntity: 'Acme' },
    form: 'form.pdf',
    invoiceNumber: 'INV-1',
    invoicedAt: '2026-05-01T00:00:00Z',
    paidAt: null,
  };
  const topUpRejection = {
    ...initialCheck('FINANCIAL'),
    status: 'REJECTED' as const,
    decidedBy: SYSTEM_ACTOR,
  };

  it('after a top-up rejection: open again, the fee of the MAHs active now, the difference due, the top-up', () => {
    const step = financialStepOf({ progress, activeMahCount: 3, invoicing, check: topUpRejection });
    expect(step).toMatchObject({
      editable: true,
      activeMahCount: 3,
      invoicing: {
        declaredMahCount: 1,
        amountDueCents: 600_00,
        billing: { legalEntity: 'Acme' },
        form: 'form.pdf',
        invoicedAt: '2026-05-01T00:00:00.000Z',
        paidAt: null,
      },
      topUp: { declared: 1, active: 3 },
    });
    expect(step.fee.tier).toBe('3-5');
  });

  it('before anything is saved: no invoicing and no top-up; before legitimacy approval: read-only', () => {
    const early = { ...progress, stage: 'INFORMATION' as const, legitimacyStatus: 'SUBMITTED' as const };
    expect(
      financialStepOf({ progress: early, activeMahCount: 0, invoicing: null, check: null }),
    ).toMatchObject({
      editable: false,
      invoicing: null,
      topUp: null,
    });
  });
});

describe('what a submission of the invoicing form sets', () => {
  it('the MAHs active now and their fee; an earlier invoice counts as invoiced before', () => {
    const first = { feeCents: 675_000, invoicedAt: null, invoicedBeforeCents: 0 };
    expect(submittedInvoicing(first, 3)).toEqual({
      declaredMahCount: 3,
      feeCents: 1_800_000,
      invoicedBeforeCents: 0,
      invoiceNumber: null,
      invoicedAt: null,
      paidAt: null,
    });
    const invoiced = { ...first, invoicedAt: '2026-05-01T00:00:00Z' };
    expect(submittedInvoicing(invoiced, 3).invoicedBeforeCents).toBe(675_000);
    expect(submittedInvoicing({ ...first, invoicedBeforeCents: 100 }, 3).invoicedBeforeCents).toBe(100);
  });
});
