import {
  meetsPasswordRule,
  ORG_TYPES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_RULE_MESSAGE,
} from '@portal/domain';
import { z } from 'zod/mini';
import { endpoint } from './endpoint.js';
import { companyNameField, emailField, lengthsPassed, personNameField, type RuleParams } from './fields.js';

/**
 * domain.md "Life of an application": a visitor registers a company (POST /api/registrations); the mail's
 * single-use link confirms it (/confirm?token=…), which creates the organisation, the user and the account.
 */
export const registrationInputSchema = z.object({
  email: emailField,
  firstName: personNameField,
  lastName: personNameField,
  companyName: companyNameField,
  orgType: z.enum(ORG_TYPES),
  /** The version of the published REGISTRATION disclaimer the visitor read and accepted. */
  disclaimerVersion: z.int().check(z.minimum(1)),
  acceptsDisclaimer: z.literal(true, { error: 'Accept the terms to register' }),
});
export type RegistrationInput = z.infer<typeof registrationInputSchema>;

/** A mail link's token: 32 random bytes, base64url (the API stores only its sha256). */
export const ACCOUNT_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * B2C's password rule (8 to 64 characters, lower, upper, digit, symbol), as the local provider applies it:
 * the lengths first, then, once they pass, the spec §5 password pattern: one issue each, so that a form
 * says which.
 */
export const passwordSchema = z.string().check(
  z.minLength(PASSWORD_MIN_LENGTH, { message: PASSWORD_RULE_MESSAGE }),
  z.maxLength(PASSWORD_MAX_LENGTH, { message: PASSWORD_RULE_MESSAGE }),
  z.refine(meetsPasswordRule, {
    message: PASSWORD_RULE_MESSAGE,
    params: { pattern: 'password' } satisfies RuleParams,
    when: lengthsPassed,
  }),
);

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
  signUpUrl: z.nullable(z.string()),
});
export type AccountTokenInfo = z.infer<typeof accountTokenInfoSchema>;

/** POST /api/account-tokens/{token}/use: with the local provider the password is required. */
export const useAccountTokenSchema = z.object({ password: z.optional(passwordSchema) });
export type UseAccountTokenInput = z.infer<typeof useAccountTokenSchema>;

/** spec §8 INVALID_CONFIRM_ACCOUNT: an unknown (105), expired (301) or used (405) link. */
export const ACCOUNT_TOKEN_ERRORS = {
  unknown: '105',
  expired: '301',
  used: '405',
  // The invitee's account was disabled after the invitation was sent.
  withdrawn: 'INVITATION_WITHDRAWN',
} as const;

/** The message of a withdrawn invitation's link. */
export const INVITATION_WITHDRAWN_TEXT = 'This invitation was withdrawn; ask whoever invited you';

/** The message of each refused link (ACCOUNT_TOKEN_ERRORS), as the API answers it. */
export const ACCOUNT_TOKEN_TEXTS: Record<keyof typeof ACCOUNT_TOKEN_ERRORS, string> = {
  unknown: 'This link is not known; ask for a new one',
  expired: 'This link has expired; ask for a new one',
  used: 'This link has been used already',
  withdrawn: INVITATION_WITHDRAWN_TEXT,
};

/** Two registrations of one address: the first confirmed made the account; the other link is done (405). */
export const ACCOUNT_EXISTS_TEXT =
  'This address has an account already; sign in, or reset your password from the sign-in page';

/** The one answer to POST /api/registrations, whether the address is new or already has an account. */
export const REGISTRATION_ACCEPTED_TEXT =
  'Thank you. We have sent a mail to the address you gave; follow it to continue.';

/** The one answer to a resend, whatever happened. */
export const CONFIRMATION_RESENT_TEXT = 'We have sent a new confirmation link; earlier links no longer work.';

/** The page showed an older registration text than the one published now: it reloads it and asks again. */
export const REGISTRATION_TERMS_OUTDATED_TEXT =
  'The registration terms have changed since the page was opened; read and accept the current ones';

/** A published disclaimer as visitors read it (GET /api/disclaimers/{type}). */
export const publishedDisclaimerSchema = z.object({
  type: z.string(),
  version: z.int(),
  title: z.string(),
  body: z.string(),
  requiresAcceptance: z.boolean(),
});
export type PublishedDisclaimer = z.infer<typeof publishedDisclaimerSchema>;

/**
 * A mail link's token as a route parameter. Any text up to the route's length: a malformed one is merely
 * unknown (105), which the SPA shows as INVALID_CONFIRM_ACCOUNT like any other bad link (spec §8).
 */
export const accountTokenParams = z.object({ token: z.string().check(z.minLength(1), z.maxLength(100)) });

/** 202 to a registration or a resend: the same words whatever happened (nobody learns who has an account). */
export const mailSentSchema = z.object({ message: z.string() });
export type MailSent = z.infer<typeof mailSentSchema>;

/** 200 to a used token: whose account it is, and how that person signs in now. */
export const accountTokenUsedSchema = z.object({
  email: z.string(),
  accountMode: z.enum(['local', 'b2c']),
});
export type AccountTokenUsed = z.infer<typeof accountTokenUsedSchema>;

/** domain.md "Life of an application", registration: anonymous and public. */
export const registrationApi = {
  register: endpoint({
    method: 'POST',
    path: '/api/registrations',
    access: 'public',
    summary: 'Registers a company and mails a confirmation link (202 whether or not the address is known)',
    body: registrationInputSchema,
    response: mailSentSchema,
    status: 202,
  }),
};

/**
 * A mailed link's token (a registration's confirmation, a person's invitation): what it is for, using it,
 * and asking for a new one. Public: the token itself is the credential. spec §8: an unknown, expired or
 * used link answers 105, 301 or 405, shown as INVALID_CONFIRM_ACCOUNT.
 */
export const accountTokensApi = {
  info: endpoint({
    method: 'GET',
    path: '/api/account-tokens/:token',
    access: 'public',
    summary: 'Whose a usable link is and how their account is made (local password or B2C sign-up)',
    params: accountTokenParams,
    response: accountTokenInfoSchema,
  }),
  use: endpoint({
    method: 'POST',
    path: '/api/account-tokens/:token/use',
    access: 'public',
    summary: 'Uses a link once: confirms the registration (organisation, user, account) or the invitation',
    params: accountTokenParams,
    body: useAccountTokenSchema,
    response: accountTokenUsedSchema,
  }),
  resend: endpoint({
    method: 'POST',
    path: '/api/account-tokens/:token/resend',
    access: 'public',
    summary: 'Mails a new confirmation link until the registration is completed',
    params: accountTokenParams,
    response: mailSentSchema,
    status: 202,
  }),
};
