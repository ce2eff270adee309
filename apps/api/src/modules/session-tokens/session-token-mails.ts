import type { TechnicalEnvironment } from '@portal/domain';
import { companyMail, type MailContext, moment } from '../../company/company-mail.js';
import type { MailInput } from '../../mail/outbox-repository.js';
import { QUOTED_REASON_LENGTH, quoted } from '../../mail/quoted.js';

/**
 * Every change to a token mails the company. The issued mail says where to see the value, never
 * the value itself (the company sees it once, in the portal).
 */
export function tokenIssuedMail(
  context: MailContext,
  token: { environment: TechnicalEnvironment; expiresAt: Date },
): MailInput {
  return companyMail(context, `your ${token.environment} session token is issued`, [
    `the ${token.environment} session token of ${quoted(context.companyName)} (${context.obpNumber}) is issued.`,
    'Sign in to the portal to see it: it is shown once, in the technical step of your onboarding.',
    `It expires on ${moment(token.expiresAt)}; after that you may request a new one.`,
  ]);
}

/** "Cancel with a reason": the company hears why, and that it may ask again. */
export function tokenCancelledMail(
  context: MailContext,
  token: { environment: TechnicalEnvironment; reason: string },
): MailInput {
  return companyMail(context, `your ${token.environment} session token is cancelled`, [
    `the ${token.environment} session token of ${quoted(context.companyName)} (${context.obpNumber}) is cancelled.`,
    `Reason: ${quoted(token.reason, QUOTED_REASON_LENGTH)}`,
    'You may request a new one in the technical step of your onboarding.',
  ]);
}
