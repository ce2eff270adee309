import { describe, expect, it } from 'vitest';
import {
  allowedBillingActions,
  type BillingState,
  bill,
  INVOICED_PREFIX,
  invoicedComment,
  isInvoiceNumber,
  PAID_COMMENT,
} from './billing.js';

const now = new Date('2026-11-23T10:00:00Z');
const approved: BillingState = {
  financialStatus: 'APPROVED',
  invoiceNumber: null,
  invoicedAt: null,
  paidAt: null,
};
const invoiced: BillingState = { ...approved, invoiceNumber: 'INV-1', invoicedAt: now };
const paid: BillingState = { ...invoiced, paidAt: now };

describe('allowedBillingActions', () => {
  it.each([
    ['approved, not invoiced', approved, ['MARK_INVOICED']],
    ['invoiced, not paid', invoiced, ['MARK_PAID']],
    ['paid', paid, []],
    ['in review', { ...approved, financialStatus: 'IN_REVIEW' }, []],
    ['rejected by a top-up after invoicing', { ...invoiced, financialStatus: 'REJECTED' }, []],
  ] as const)('%s: %j', (_name, state, expected) => {
    expect(allowedBillingActions(state as BillingState)).toEqual(expected);
  });
});

describe('bill', () => {
  it('invoices an approved form with a trimmed invoice number', () => {
    expect(bill(approved, 'MARK_INVOICED', { now, invoiceNumber: ' INV-2026/0042 ' })).toEqual({
      ok: true,
      next: { invoiceNumber: 'INV-2026/0042', invoicedAt: now, paidAt: null },
    });
  });

  it.each(['', '  ', '-INV', 'INV 1', 'A'.repeat(31), 'INV#1'])('refuses the invoice number %j', (number) => {
    expect(bill(approved, 'MARK_INVOICED', { now, invoiceNumber: number })).toMatchObject({
      ok: false,
      code: 'INVALID_INVOICE_NUMBER',
    });
  });

  it('marks an invoiced form paid and keeps its number', () => {
    expect(bill(invoiced, 'MARK_PAID', { now })).toEqual({
      ok: true,
      next: { invoiceNumber: 'INV-1', invoicedAt: now, paidAt: now },
    });
  });

  it.each([
    ['pay before invoicing', approved, 'MARK_PAID', /not invoiced yet/],
    ['invoice twice', invoiced, 'MARK_INVOICED', /invoiced already/],
    ['pay twice', paid, 'MARK_PAID', /paid already/],
    [
      'invoice a form in review',
      { ...approved, financialStatus: 'IN_REVIEW' },
      'MARK_INVOICED',
      /not approved/,
    ],
  ] as const)('refuses to %s', (_name, state, action, message) => {
    const result = bill(state as BillingState, action, { now, invoiceNumber: 'INV-2' });
    expect(result).toMatchObject({ ok: false, code: 'ACTION_NOT_ALLOWED' });
    expect(result.ok ? '' : result.message).toMatch(message);
  });

  it('accepts the shapes accounting prints', () => {
    expect(['7', 'INV-2026/0042', 'F.2026.001', 'A'.repeat(30)].every(isInvoiceNumber)).toBe(true);
  });
});

describe('the comments of the billing steps', () => {
  it('an invoice is the prefix and its number; a payment is Paid', () => {
    expect(invoicedComment('INV-2026/0042')).toBe('Invoiced: INV-2026/0042');
    expect(invoicedComment('INV-1').startsWith(INVOICED_PREFIX)).toBe(true);
    expect(PAID_COMMENT).toBe('Paid');
  });
});
