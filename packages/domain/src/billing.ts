import type { CheckStatus } from './enums.js';
import { type Failure, fail, isValidDate } from './result.js';

/**
 * domain.md Financial: "reviewer approves or rejects, then marks invoiced and paid". Invoicing and payment
 * are no check transitions (the financial check stays APPROVED): they fill the invoicing information's
 * invoiceNumber, invoicedAt and paidAt, in that order.
 */
export const BILLING_ACTIONS = ['MARK_INVOICED', 'MARK_PAID'] as const;
export type BillingAction = (typeof BILLING_ACTIONS)[number];

/** What billing needs to know: the financial check's status and how far the invoicing has gone. */
export interface BillingState {
  financialStatus: CheckStatus;
  invoiceNumber: string | null;
  invoicedAt: Date | null;
  paidAt: Date | null;
}

/**
 * An invoice number as the accounting system prints it: 1 to 30 letters, digits and the separators
 * - / . (such as INV-2026/0042). Chosen here: domain.md names the field but not its shape.
 */
export const INVOICE_NUMBER_PATTERN = /^[A-Za-z0-9](?:[A-Za-z0-9\-/.]{0,28}[A-Za-z0-9])?$/;

export const isInvoiceNumber = (value: string): boolean => INVOICE_NUMBER_PATTERN.test(value.trim());

/** The billing steps open now: invoicing once the form is approved, payment once invoiced. */
export function allowedBillingActions(state: BillingState): BillingAction[] {
  if (state.financialStatus !== 'APPROVED') return [];
  if (state.invoicedAt === null) return ['MARK_INVOICED'];
  if (state.paidAt === null) return ['MARK_PAID'];
  return [];
}

export type BillingResult =
  | { ok: true; next: Pick<BillingState, 'invoiceNumber' | 'invoicedAt' | 'paidAt'> }
  | Failure;

/** Applies a billing step. Never throws: a refusal comes back as `{ ok: false, code, message }`. */
export function bill(
  state: BillingState,
  action: BillingAction,
  context: { now: Date; invoiceNumber?: string | null },
): BillingResult {
  if (!allowedBillingActions(state).includes(action)) {
    const why =
      state.financialStatus !== 'APPROVED'
        ? 'the invoicing form is not approved'
        : action === 'MARK_INVOICED'
          ? 'it is invoiced already'
          : state.paidAt === null
            ? 'it is not invoiced yet'
            : 'it is paid already';
    return fail(
      'ACTION_NOT_ALLOWED',
      `Cannot ${action === 'MARK_INVOICED' ? 'invoice' : 'mark paid'}: ${why}`,
    );
  }
  if (!isValidDate(context.now)) return fail('INVALID_DATE', 'The time of the action is not a valid date');
  if (action === 'MARK_PAID') {
    const { invoiceNumber, invoicedAt } = state;
    return { ok: true, next: { invoiceNumber, invoicedAt, paidAt: context.now } };
  }
  const invoiceNumber = context.invoiceNumber?.trim() ?? '';
  if (!isInvoiceNumber(invoiceNumber)) {
    return fail(
      'INVALID_INVOICE_NUMBER',
      'An invoice number is 1 to 30 letters, digits, dashes, slashes or dots, such as INV-2026/0042',
    );
  }
  return { ok: true, next: { invoiceNumber, invoicedAt: context.now, paidAt: null } };
}

/**
 * The comments of the billing steps' CheckEvents, the only events that keep the check's status (APPROVED
 * to APPROVED): written when a reviewer marks the form invoiced or paid (and by the demo seed), read by the
 * stale-decision message that says what a colleague did first.
 */
export const INVOICED_PREFIX = 'Invoiced: ';
export const invoicedComment = (invoiceNumber: string) => `${INVOICED_PREFIX}${invoiceNumber}`;
export const PAID_COMMENT = 'Paid';
