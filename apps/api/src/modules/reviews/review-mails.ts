import type { CHECK_DECISIONS, CheckType } from '@portal/domain';
import { amount, companyMail, type MailContext } from '../../company/company-mail.js';
import type { MailInput } from '../../mail/outbox-repository.js';
import { QUOTED_REASON_LENGTH, quoted } from '../../mail/quoted.js';

/** The reviewer's decisions (START is none: it only assigns the check). */
type CheckDecision = (typeof CHECK_DECISIONS)[number];

/** What each check reviews, as the company knows it from its onboarding steps. */
const SUBMISSION: Record<CheckType, string> = {
  LEGITIMACY: 'application (legitimacy check)',
  CONTRACTUAL: 'participation agreement',
  FINANCIAL: 'invoicing form',
};

const OUTCOME: Record<CheckDecision, { subject: string; next: string }> = {
  APPROVE: {
    subject: 'is approved',
    next: 'The next steps of your onboarding are open in the portal.',
  },
  APPROVE_TEMPORARILY: {
    subject: 'is approved temporarily',
    next: 'The approval is temporary: you may go on with the next steps while the reviewer finalises it.',
  },
  REQUEST_CORRECTIONS: {
    subject: 'needs corrections',
    next: 'Please correct it as the reason says and submit it again.',
  },
  REJECT: {
    subject: 'is rejected',
    next: 'This decision is final. Reply to this mail if you have questions about it.',
  },
};

/** domain.md: emails for decisions. The SPOC hears of every decision but the start of a review. */
export function decisionMail(
  context: MailContext,
  decision: { action: CheckDecision; type: CheckType; reason: string | null },
): MailInput {
  const submission = SUBMISSION[decision.type];
  const outcome = OUTCOME[decision.action];
  return companyMail(context, `your ${submission} ${outcome.subject}`, [
    `the ${submission} of ${quoted(context.companyName)} (${context.obpNumber}) ${outcome.subject}.`,
    ...(decision.reason ? [`Reason: ${quoted(decision.reason, QUOTED_REASON_LENGTH)}`] : []),
    outcome.next,
  ]);
}

/** domain.md Financial: the reviewer "marks invoiced and paid"; the SPOC hears of the invoice. */
export function invoicedMail(
  context: MailContext,
  invoice: { invoiceNumber: string; feeCents: number; declaredMahCount: number },
): MailInput {
  const mahs = `${invoice.declaredMahCount} MAH${invoice.declaredMahCount === 1 ? '' : 's'}`;
  return companyMail(context, `invoice ${invoice.invoiceNumber} for your onboarding`, [
    `we invoiced the onboarding fee of ${quoted(context.companyName)} (${context.obpNumber}): ${amount(invoice.feeCents)}`,
    `for ${mahs}, invoice number ${invoice.invoiceNumber}. The invoice reaches you at the billing address`,
    'of your invoicing form.',
  ]);
}
