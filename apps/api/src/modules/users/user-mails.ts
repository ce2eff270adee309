import type { InternalRole } from '@portal/contracts';
import { INTERNAL_ROLE_WORDS, TOKEN_TTL_HOURS } from '@portal/domain';
import type { MailInput } from '../../mail/outbox-repository.js';
import { quoted } from '../../mail/quoted.js';

/**
 * An internal user's invitation. The link opens the SPA's /confirm page (the confirmation flow):
 * with the local provider the person chooses a password there; with Azure AD B2C they sign up and the
 * claims endpoint links the account at their first sign-in.
 */
export function internalInvitationMail(input: {
  appName: string;
  to: string;
  firstName: string;
  role: InternalRole;
  link: string;
}): MailInput {
  const days = TOKEN_TTL_HOURS.INVITATION / 24;
  return {
    to: input.to,
    subject: `${input.appName}: you are invited as ${INTERNAL_ROLE_WORDS[input.role]}`,
    text: [
      `Hello ${quoted(input.firstName)},`,
      '',
      `An administrator invited you to the ${input.appName} as ${INTERNAL_ROLE_WORDS[input.role]}.`,
      `Follow this link to set up your account (it works once and is valid for ${days} days):`,
      '',
      input.link,
      '',
      'If you did not expect this mail, you can ignore it.',
    ].join('\n'),
    link: input.link,
  };
}
