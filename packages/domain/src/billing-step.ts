import { type BillingAction, bill, INVOICED_PREFIX, PAID_COMMENT } from './billing.js';
import type { StoredInvoicing } from './check-view.js';
import type { CheckType } from './checks.js';
import type { CheckStatus } from './enums.js';
import { dateOf, iso } from './iso.js';
import { type Failure, fail } from './result.js';

/** The invoicing information's billing columns as stored (dates as Dates or as ISO strings). */
type BilledInvoicing = Pick<StoredInvoicing, 'invoiceNumber' | 'invoicedAt' | 'paidAt'> & { id: string };

export type BillingStepResult<Row> =
  | {
      ok: true;
      /** The invoicing information the step writes to (the one given). */
      invoicing: Row;
      /** The invoicing information's columns after the step. */
      next: { invoiceNumber: string | null; invoicedAt: Date | null; paidAt: Date | null };
      /** The CheckEvent (APPROVED to APPROVED: no transition, yet recorded as one); the caller adds checkId. */
      event: {
        fromStatus: CheckStatus;
        toStatus: CheckStatus;
        actor: string;
        role: 'EMVO';
        comment: string;
        at: Date;
      };
      /** The audit row's diff, named after the step; the caller adds the organisation's id. */
      diff: Record<string, unknown>;
    }
  | Failure;

/**
 * domain.md Financial: the reviewer "approves or rejects, then marks invoiced and paid". One billing step on
 * a check, as the API stores it: only the financial check is invoiced, only once the company filed its
 * invoicing information, then `bill`'s rules; what it writes (the invoicing information's columns, the
 * check's event, the audit row's diff) comes back.
 */
export function billingStep<Row extends BilledInvoicing>(
  check: { type: CheckType; status: CheckStatus },
  invoicing: Row | undefined,
  step: { action: BillingAction; invoiceNumber?: string | null },
  context: { actor: string; now: Date },
): BillingStepResult<Row> {
  const { actor, now } = context;
  if (check.type !== 'FINANCIAL') {
    return fail(
      'ACTION_NOT_ALLOWED',
      `Only the financial check is invoiced, not the ${check.type.toLowerCase()} check`,
    );
  }
  if (!invoicing) {
    return fail(
      'ACTION_NOT_ALLOWED',
      'The company has not filed its invoicing information yet: there is nothing to invoice',
    );
  }
  const state = {
    financialStatus: check.status,
    invoiceNumber: invoicing.invoiceNumber,
    invoicedAt: dateOf(invoicing.invoicedAt),
    paidAt: dateOf(invoicing.paidAt),
  };
  const invoiceNumber = step.action === 'MARK_INVOICED' ? (step.invoiceNumber ?? null) : null;
  const result = bill(state, step.action, { now, invoiceNumber });
  if (!result.ok) return result;
  const { next } = result;
  const invoiced = step.action === 'MARK_INVOICED';
  const diff = invoiced
    ? {
        invoiceNumber: { from: null, to: next.invoiceNumber ?? '' },
        invoicedAt: { from: null, to: iso(next.invoicedAt) },
      }
    : { paidAt: { from: null, to: iso(next.paidAt) } };
  return {
    ok: true,
    invoicing,
    next,
    event: {
      ...{ fromStatus: check.status, toStatus: check.status, actor, role: 'EMVO', at: now },
      comment: invoiced ? `${INVOICED_PREFIX}${next.invoiceNumber ?? ''}` : PAID_COMMENT,
    },
    diff: { invoicingInformationId: invoicing.id, ...diff },
  };
}
