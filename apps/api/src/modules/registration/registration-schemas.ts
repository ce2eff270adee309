import { z } from 'zod';

// The request bodies and the token info are shared with the SPA (@portal/contracts).
export {
  type AccountTokenInfo,
  accountTokenInfoSchema,
  type RegistrationInput,
  registrationInputSchema,
  type UseAccountTokenInput,
  useAccountTokenSchema,
} from '@portal/contracts';

/**
 * A mail link's token. Any text up to the route's length: a malformed one is merely unknown (105), which
 * the SPA shows as INVALID_CONFIRM_ACCOUNT like any other bad link (spec §8).
 */
export const accountTokenParams = z.object({ token: z.string().min(1).max(100) });

/** 202 to a registration or a resend: the same words whatever happened (nobody learns who has an account). */
export const mailSentSchema = z.object({ message: z.string() });

/** 200 to a used token: whose account it is, and how that person signs in now. */
export const accountTokenUsedSchema = z.object({
  email: z.string(),
  accountMode: z.enum(['local', 'b2c']),
});
export type AccountTokenUsed = z.infer<typeof accountTokenUsedSchema>;

/** The one answer to POST /api/registrations, whether the address is new or already has an account. */
export const REGISTRATION_ACCEPTED_TEXT =
  'Thank you. We have sent a mail to the address you gave; follow it to continue.';

export const CONFIRMATION_RESENT_TEXT = 'We have sent a new confirmation link; earlier links no longer work.';
