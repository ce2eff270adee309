import type { MailInput } from '@portal/api/mail/outbox-repository';
import { CODE_TTL_MS } from './reset-codes.js';

/**
 * The reset policy's verification code mail, as B2C sends one. It carries nothing the person typed (the
 * address it goes to is the account's own), so the reset page cannot be used to mail arbitrary text.
 */
export function resetCodeMail(input: { appName: string; to: string; code: string }): MailInput {
  const minutes = CODE_TTL_MS / 60_000;
  return {
    to: input.to,
    subject: `${input.appName}: your verification code`,
    text: [
      'Thank you for verifying your account.',
      '',
      `Your code is: ${input.code}`,
      '',
      `Enter it on the password reset page within ${minutes} minutes. It works once.`,
      'If you did not ask to reset your password, you can ignore this mail: nothing has changed.',
    ].join('\n'),
  };
}
