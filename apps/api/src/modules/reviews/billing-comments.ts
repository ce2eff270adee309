/**
 * The comments of the billing steps' CheckEvents, the only events that keep the check's status
 * (APPROVED to APPROVED): written by billing-step.ts and the demo seed, read by the stale-decision message.
 */
export const INVOICED_PREFIX = 'Invoiced: ';
export const invoicedComment = (invoiceNumber: string) => `${INVOICED_PREFIX}${invoiceNumber}`;
export const PAID_COMMENT = 'Paid';
