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
