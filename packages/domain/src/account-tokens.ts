import { isInvitationWithdrawn, type UserStatusValue } from './users.js';

/** What a mailed link is for: a registration's confirmation, or an invitation to an existing user. */
export type AccountTokenPurpose = 'CONFIRM_REGISTRATION' | 'INVITATION';

/** domain.md: a confirmation link is valid 48 hours; an invitation a week. */
export const TOKEN_TTL_HOURS: Record<AccountTokenPurpose, number> = {
  CONFIRM_REGISTRATION: 48,
  INVITATION: 168,
};

/** When a link issued at `now` stops working. */
export const tokenExpiry = (purpose: AccountTokenPurpose, now: Date): Date =>
  new Date(now.getTime() + TOKEN_TTL_HOURS[purpose] * 3_600_000);

/** Why a mailed link cannot be used (spec §8 INVALID_CONFIRM_ACCOUNT), or undefined when it can. */
export type AccountTokenRefusal = 'unknown' | 'used' | 'expired';

/** A link is used once, before it expires; a token nobody issued is unknown. */
export function accountTokenRefusal(
  row: { usedAt: Date | string | null; expiresAt: Date | string } | undefined,
  now: Date,
): AccountTokenRefusal | undefined {
  if (!row) return 'unknown';
  if (row.usedAt) return 'used';
  return new Date(row.expiresAt).getTime() <= now.getTime() ? 'expired' : undefined;
}

/** An invited internal user (ADMIN, EMVO) belongs to no organisation: they join the hub's operator. */
export const INTERNAL_COMPANY_NAME = 'EMVO';

/** Whom a mailed link is for, as the confirmation page greets them. */
export interface TokenHolder {
  email: string;
  firstName: string;
  companyName: string;
}

/**
 * Who a link's owner is: a registration's visitor, or an invited user (onboarding invites the people of a
 * company, administrators invite internal users) with their organisation's legal name. An invitation whose
 * invitee was disabled since is withdrawn; a link whose owner is gone is, for its holder, unknown.
 */
export function tokenHolderOf(
  registration: TokenHolder | undefined,
  user: { email: string; displayName: string; status: UserStatusValue; legalName: string | null } | undefined,
): TokenHolder | { refusal: 'withdrawn' | 'unknown' } {
  if (registration) {
    const { email, firstName, companyName } = registration;
    return { email, firstName, companyName };
  }
  if (!user) return { refusal: 'unknown' };
  if (isInvitationWithdrawn(user)) return { refusal: 'withdrawn' };
  return {
    email: user.email,
    firstName: user.displayName,
    companyName: user.legalName ?? INTERNAL_COMPANY_NAME,
  };
}

/**
 * Whether an INVITED user has redeemed the invitation that made them so: their newest invitation link
 * (a person invited again has a new one) is used. Only then may their sign-in activate them; a user no
 * invitation made (a registration's, whose confirmation made them) has no link to redeem. Signing in
 * with an account linked before is no acceptance of a new invitation.
 */
export const invitationRedeemed = (newestInvitation: { usedAt: Date | string | null } | undefined): boolean =>
  newestInvitation === undefined || newestInvitation.usedAt !== null;
