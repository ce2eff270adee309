import { type CheckInput, isTopUpRejection } from './checks.js';
import { feeFor, topUp } from './fees.js';
import { iso } from './iso.js';
import { type MissingItem, requiredToSubmit } from './legitimacy.js';
import { canSubmit, type OrganisationProgress } from './stages.js';

/**
 * domain.md "Financial": the fee tier follows the active MAH count; the company gives its billing details
 * and uploads the invoicing form. The API refuses a submission that misses anything and names every
 * missing item; the SPA shows the same list.
 */

type Text = string | null | undefined;

export interface BillingDetails {
  legalEntity: Text;
  address: { street: Text; houseNumber: Text; postalCode: Text; city: Text; country: Text };
  vatNumber: Text;
  /** Optional: many companies need none. */
  purchaseOrderNumber?: Text;
  billingEmail: Text;
}

export interface FinancialApplication {
  activeMahCount: number;
  /** The billing details saved so far; null before the first save. */
  billing: BillingDetails | null;
  /** The uploaded invoicing form, if any. */
  form: unknown;
}

const blank = (value: Text) => value === null || value === undefined || value.trim() === '';

/** Every item a financial submission still lacks, in the form's order; empty when it is complete. */
export function missingForFinancial(application: FinancialApplication): MissingItem[] {
  const missing: MissingItem[] = [];
  const billing = application.billing;
  const need = (value: Text, field: string, message: string) => {
    if (blank(value)) missing.push({ field, message });
  };
  need(billing?.legalEntity, 'billing.legalEntity', 'The legal entity invoiced');
  need(billing?.address.street, 'billing.address.street', 'The street of the billing address');
  need(
    billing?.address.houseNumber,
    'billing.address.houseNumber',
    'The house number of the billing address',
  );
  need(billing?.address.postalCode, 'billing.address.postalCode', 'The postal code of the billing address');
  need(billing?.address.city, 'billing.address.city', 'The city of the billing address');
  need(billing?.address.country, 'billing.address.country', 'The country of the billing address');
  need(billing?.vatNumber, 'billing.vatNumber', 'The VAT number invoiced');
  need(billing?.billingEmail, 'billing.billingEmail', 'The email address invoices are sent to');
  if (!application.form) {
    missing.push({ field: 'invoicingForm', message: 'The invoicing form (pdf, doc, docx, xls or xlsx)' });
  }
  if (application.activeMahCount < 1) {
    missing.push({ field: 'mahs', message: 'At least one active marketing authorisation holder (MAH)' });
  }
  return missing;
}

/** What a financial submission requires (its rule's items on an application that gives nothing). */
export function financialRequiredFields(): string[] {
  return requiredToSubmit(missingForFinancial({ activeMahCount: 0, billing: null, form: null }));
}

export interface TopUpDue {
  /** What the company pays on top of the approved form's fee (0 when both counts share a tier). */
  amountCents: number;
  declared: number;
  active: number;
}

/**
 * The top-up the company is shown (domain.md: "More active MAHs than the approved form declares sends it
 * back to rejected, with the top-up amount shown"): only while its invoicing form stands rejected by that
 * rule (decidedBy SYSTEM, checks.ts isTopUpRejection), until it files a new form.
 */
export function topUpDue(
  check: CheckInput | null,
  counts: { declared: number; active: number },
): TopUpDue | null {
  if (!check || !isTopUpRejection(check)) return null;
  return { amountCents: topUp(counts.declared, counts.active).amountCents, ...counts };
}

/**
 * What is left to invoice on a form: its fee less what earlier forms of the company were invoiced already
 * (after a top-up, only the difference is due).
 */
export const amountDueCents = (feeCents: number, invoicedBeforeCents: number): number =>
  Math.max(0, feeCents - invoicedBeforeCents);

/** The company's invoicing information as stored (domain.md InvoicingInformation), its form as the caller shows it. */
export interface InvoicingRecord<Billing, File> {
  declaredMahCount: number;
  feeCents: number;
  /** What earlier forms of the company were invoiced (kept when a top-up form replaces one). */
  invoicedBeforeCents: number;
  billing: Billing;
  form: File | null;
  invoiceNumber: string | null;
  invoicedAt: Date | string | null;
  paidAt: Date | string | null;
}

/**
 * The financial step as the company sees it (contracts financialStepSchema): edited exactly when it may
 * be submitted, the fee of the MAHs active now, what is left to invoice, and the top-up while the form
 * stands rejected for more active MAHs than it declared.
 */
export function financialStepOf<Billing, File>(input: {
  progress: OrganisationProgress;
  activeMahCount: number;
  invoicing: InvoicingRecord<Billing, File> | null;
  /** The FINANCIAL check, when the company has submitted once. */
  check: CheckInput | null;
}) {
  const { progress, activeMahCount, invoicing: row } = input;
  return {
    editable: canSubmit('FINANCIAL', progress),
    activeMahCount,
    fee: feeFor(activeMahCount),
    invoicing: row && {
      declaredMahCount: row.declaredMahCount,
      feeCents: row.feeCents,
      amountDueCents: amountDueCents(row.feeCents, row.invoicedBeforeCents),
      billing: row.billing,
      form: row.form,
      invoiceNumber: row.invoiceNumber,
      invoicedAt: iso(row.invoicedAt),
      paidAt: iso(row.paidAt),
    },
    topUp: row && topUpDue(input.check, { declared: row.declaredMahCount, active: activeMahCount }),
  };
}

/**
 * What a submission of the invoicing form sets: the MAHs active now as its declared count and their fee;
 * an earlier form's invoice (before a top-up) stays invoiced, so only the difference is due; no invoice yet.
 */
export function submittedInvoicing(
  invoicing: { feeCents: number; invoicedAt: Date | string | null; invoicedBeforeCents: number },
  activeMahCount: number,
) {
  return {
    declaredMahCount: activeMahCount,
    feeCents: feeFor(activeMahCount).amountCents,
    invoicedBeforeCents: invoicing.invoicedAt ? invoicing.feeCents : invoicing.invoicedBeforeCents,
    invoiceNumber: null,
    invoicedAt: null,
    paidAt: null,
  };
}
