import { TOKEN_TTL_HOURS } from '@portal/domain';
import type { MailInput } from '../../mail/outbox-repository.js';
import { quoted } from '../../mail/quoted.js';

/**
 * domain.md: "a form, then an email with a single-use link". Anyone may register with any address, so the
 * mail repeats none of the form's text but the first name, quoted: the company's name stays on the
 * confirmation page, which only the owner of the mailbox reaches.
 */
export function confirmationMail(input: {
  to: string;
  firstName: string;
  appName: string;
  link: string;
}): MailInput {
  const hours = TOKEN_TTL_HOURS.CONFIRM_REGISTRATION;
  return {
    to: input.to,
    // No caller-written text (an anonymous visitor's company name) in a subject.
    subject: `${input.appName}: confirm your company's registration`,
    text: [
      `Hello ${quoted(input.firstName)},`,
      '',
      `You asked to register a company on the ${input.appName}. To confirm it and create your account,`,
      `open this link within ${hours} hours; it works once:`,
      '',
      input.link,
      '',
      'If you did not ask for this, ignore this mail: nothing is registered until the link is opened.',
    ].join('\n'),
    link: input.link,
  };
}

/**
 * Sent instead of a confirmation when the address already has an account: the page answers the same
 * either way (nobody learns who has an account), and the owner of the inbox learns what happened.
 */
export function accountExistsMail(input: { to: string; appName: string; publicUrl: string }): MailInput {
  return {
    to: input.to,
    subject: `${input.appName}: you already have an account`,
    text: [
      'Hello,',
      '',
      `Someone, perhaps you, asked to register a company on the ${input.appName} with this address. It`,
      'already has an account, so nothing was registered. Sign in, or reset your password from the',
      `sign-in page: ${input.publicUrl}/`,
      '',
      'If it was not you, you can ignore this mail.',
    ].join('\n'),
  };
}
