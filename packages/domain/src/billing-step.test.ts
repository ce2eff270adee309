import { describe, expect, it } from 'vitest';
import { billingStep } from './billing-step.js';

const NOW = new Date('2026-03-02T09:30:00.000Z');
const context = { actor: 'rita@emvo.test', now: NOW };
const financial = { type: 'FINANCIAL' as const, status: 'APPROVED' as const };
const filed = { id: 'inv-1', invoiceNumber: null, invoicedAt: null, paidAt: null };

describe('billingStep', () => {
  it('invoices an approved financial check: the columns, the event and the diff', () => {
    const step = { action: 'MARK_INVOICED' as const, invoiceNumber: ' INV-1 ' };
    expect(billingStep(financial, filed, step, context)).toEqual({
      ok: true,
      invoicing: filed,
      next: { invoiceNumber: 'INV-1', invoicedAt: NOW, paidAt: null },
      event: {
        fromStatus: 'APPROVED',
        toStatus: 'APPROVED',
        actor: 'rita@emvo.test',
        role: 'EMVO',
        comment: 'Invoiced: INV-1',
        at: NOW,
      },
      diff: {
        invoicingInformationId: 'inv-1',
        invoiceNumber: { from: null, to: 'INV-1' },
        invoicedAt: { from: null, to: NOW.toISOString() },
      },
    });
  });

  it('marks an invoice paid, its stored dates read from strings too', () => {
    const invoiced = { ...filed, invoiceNumber: 'INV-1', invoicedAt: '2026-03-01T00:00:00.000Z' };
    const result = billingStep(financial, invoiced, { action: 'MARK_PAID' }, context);
    expect(result).toMatchObject({
      ok: true,
      next: { invoiceNumber: 'INV-1', invoicedAt: new Date('2026-03-01T00:00:00.000Z'), paidAt: NOW },
      event: { comment: 'Paid' },
      diff: { paidAt: { from: null, to: NOW.toISOString() } },
    });
  });

  it('refuses another check, a company without invoicing information, and what bill refuses', () => {
    const step = { action: 'MARK_INVOICED' as const, invoiceNumber: 'INV-1' };
    expect(billingStep({ ...financial, type: 'LEGITIMACY' }, filed, step, context)).toMatchObject({
      ok: false,
      code: 'ACTION_NOT_ALLOWED',
      message: 'Only the financial check is invoiced, not the legitimacy check',
    });
    expect(billingStep(financial, undefined, step, context)).toMatchObject({ code: 'ACTION_NOT_ALLOWED' });
    expect(billingStep({ ...financial, status: 'IN_REVIEW' }, filed, step, context)).toMatchObject({
      code: 'ACTION_NOT_ALLOWED',
    });
  });
});
