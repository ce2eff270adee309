import { meetsPasswordRule, ORG_TYPES, PASSWORD_RULE_MESSAGE } from '@portal/domain';
import { z } from 'zod';
import { emailField, personNameField } from './fields.js';

/**
 * domain.md "Life of an application": a visitor registers a company (POST /api/registrations); the mail's
 * single-use link confirms it (/confirm?token=…), which creates the organisation, the user and the account.
 */
export const registrationInputSchema = z.object({
  email: emailField,
  firstName: personNameField,
  lastName: personNameField,
  companyName: z.string().trim().min(2).max(100),
  orgType: z.enum(ORG_TYPES),
  /** The version of the published REGISTRATION disclaimer the visitor read and accepted. */
  disclaimerVersion: z.number().int().min(1),
  acceptsDisclaimer: z.literal(true, { error: 'Accept the terms to register' }),
});
export type RegistrationInput = z.infer<typeof registrationInputSchema>;

/** A mail link's token: 32 random bytes, base64url (the API stores only its sha256). */
export const ACCOUNT_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const accountTokenSchema = z.string().regex(ACCOUNT_TOKEN_PATTERN, 'This link is not complete');

/** B2C's password rule (8 to 64 characters, lower, upper, digit, symbol), as the local provider applies it. */
export const passwordSchema = z.string().refine(meetsPasswordRule, PASSWORD_RULE_MESSAGE);

/**
 * What a confirmation link shows before it is used (GET /api/account-tokens/{token}): whose it is and
 * how the account is made. `local`: the person chooses a password on the page; `b2c`: the page sends them
 * to Azure AD B2C's sign-up with the email as login hint.
 */
export const accountTokenInfoSchema = z.object({
  purpose: z.enum(['CONFIRM_REGISTRATION', 'INVITATION']),
  email: z.string(),
  firstName: z.string(),
  companyName: z.string(),
  accountMode: z.enum(['local', 'b2c']),
  /** B2C only: where to sign up, the email as login hint. */
  signUpUrl: z.string().nullable(),
});
export type AccountTokenInfo = z.infer<typeof accountTokenInfoSchema>;

/** POST /api/account-tokens/{token}/use: with the local provider the password is required. */
export const useAccountTokenSchema = z.object({ password: passwordSchema.optional() });
export type UseAccountTokenInput = z.infer<typeof useAccountTokenSchema>;

/** spec §8 INVALID_CONFIRM_ACCOUNT: an unknown (105), expired (301) or used (405) link. */
export const ACCOUNT_TOKEN_ERRORS = { unknown: '105', expired: '301', used: '405' } as const;

/** A published disclaimer as visitors read it (GET /api/disclaimers/{type}). */
export const publishedDisclaimerSchema = z.object({
  type: z.string(),
  version: z.number().int(),
  title: z.string(),
  body: z.string(),
  requiresAcceptance: z.boolean(),
});
export type PublishedDisclaimer = z.infer<typeof publishedDisclaimerSchema>;
