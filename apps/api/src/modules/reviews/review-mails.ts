import type { CHECK_DECISIONS, CheckType } from '@portal/domain';
import type { MailInput } from '../../mail/outbox-repository.js';

/** The reviewer's decisions (START is none: it only assigns the check). */
type CheckDecision = (typeof CHECK_DECISIONS)[number];

const greeting = (name: string | null) => (name ? `Dear ${name},` : 'Hello,');

/** domain.md Screens: the company follows its application on /external/onboarding. */
export const onboardingLink = (publicUrl: string) => `${publicUrl}/external/onboarding`;

/** What each check is about, as the company knows its steps. */
const STEP: Record<CheckType, string> = {
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

export interface MailContext {
  appName: string;
  publicUrl: string;
  to: string;
  name: string | null;
  companyName: string;
  obpNumber: string;
}

/** domain.md: emails for decisions. The SPOC hears of every decision but the start of a review. */
export function decisionMail(
  context: MailContext,
  decision: { action: CheckDecision; type: CheckType; reason: string | null },
): MailInput {
  const step = STEP[decision.type];
  const outcome = OUTCOME[decision.action];
  const link = onboardingLink(context.publicUrl);
  return {
    to: context.to,
    subject: `${context.appName}: your ${step} ${outcome.subject} (${context.obpNumber})`,
    text: [
      greeting(context.name),
      '',
      `the ${step} of ${context.companyName} (${context.obpNumber}) ${outcome.subject}.`,
      ...(decision.reason ? [`Reason: ${decision.reason}`] : []),
      outcome.next,
      '',
      `Your application: ${link}`,
    ].join('\n'),
    link,
  };
}

const euros = (cents: number) =>
  (cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** domain.md Financial: the reviewer "marks invoiced and paid"; the SPOC hears of the invoice. */
export function invoicedMail(
  context: MailContext,
  invoice: { invoiceNumber: string; feeCents: number; declaredMahCount: number },
): MailInput {
  const link = onboardingLink(context.publicUrl);
  const mahs = `${invoice.declaredMahCount} MAH${invoice.declaredMahCount === 1 ? '' : 's'}`;
  return {
    to: context.to,
    subject: `${context.appName}: invoice ${invoice.invoiceNumber} for your onboarding (${context.obpNumber})`,
    text: [
      greeting(context.name),
      '',
      `we invoiced the onboarding fee of ${context.companyName} (${context.obpNumber}): EUR ${euros(invoice.feeCents)}`,
      `for ${mahs}, invoice number ${invoice.invoiceNumber}. The invoice reaches you at the billing address`,
      'of your invoicing form.',
      '',
      `Your application: ${link}`,
    ].join('\n'),
    link,
  };
}
