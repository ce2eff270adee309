import { amount, companyMail, type MailContext } from '../../company/company-mail.js';
import { quoted } from '../../mail/quoted.js';

// The SPOC's mails of the contractual and financial steps (domain.md: emails go to the outbox in the
// transaction of the change that causes them). The recipient comes from company/spoc-recipient.ts.

const mahs = (count: number) => `${count} active MAH${count === 1 ? '' : 's'}`;

/** The company submitted its signed participation agreement. */
export const agreementReceivedMail = (context: MailContext, input: { templateVersion: number }) =>
  companyMail(context, 'we received your participation agreement', [
    `we received the participation agreement of ${quoted(context.companyName)} (${context.obpNumber}), signed on`,
    `template version ${input.templateVersion}. A reviewer checks it; you will get a mail when it is decided.`,
  ]);

/** The company submitted its invoicing form. */
export const invoicingFormReceivedMail = (
  context: MailContext,
  input: { declaredMahCount: number; feeCents: number; amountDueCents: number },
) =>
  companyMail(context, 'we received your invoicing form', [
    `we received the invoicing form of ${quoted(context.companyName)} (${context.obpNumber}) for ${mahs(input.declaredMahCount)}:`,
    `the onboarding fee is ${amount(input.feeCents)}${
      input.amountDueCents === input.feeCents
        ? '.'
        : `, of which ${amount(input.amountDueCents)} is left to invoice.`
    }`,
    'A reviewer checks it; you will get a mail when it is decided.',
  ]);

/** domain.md: "More active MAHs than the approved form declares sends it back to rejected". */
export const topUpRequiredMail = (
  context: MailContext,
  input: { declared: number; active: number; amountCents: number },
) =>
  companyMail(context, 'your invoicing form needs a top-up', [
    `${quoted(context.companyName)} (${context.obpNumber}) now has ${mahs(input.active)}, but its approved invoicing`,
    `form declares ${input.declared}. The form is therefore rejected: the top-up is ${amount(input.amountCents)}.`,
    'Please upload a new invoicing form for your active MAHs and submit it on the financial step.',
  ]);
