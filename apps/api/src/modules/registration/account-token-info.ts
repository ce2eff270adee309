import type { AccountTokenInfo } from '@portal/contracts';
import { ACCOUNT_TOKEN_ERRORS, INVITATION_WITHDRAWN_TEXT } from '@portal/contracts';
import { isInvitationWithdrawn } from '@portal/domain';
import type { Kysely } from 'kysely';
import { usableAccountToken } from '../../accounts/account-tokens.js';
import type { Config } from '../../config.js';
import type { AccountToken, DB } from '../../db/schema.js';
import { ApiError } from '../../http/api-error.js';
import { accountModeOf, signUpUrl } from './account-mode.js';

/** An invited internal user (ADMIN, EMVO) belongs to no organisation: they join the hub's operator. */
export const INTERNAL_COMPANY_NAME = 'EMVO';

/** A token whose owner row is gone is, for its holder, an unknown link. */
const unknownLink = () => new ApiError(400, ACCOUNT_TOKEN_ERRORS.unknown, 'This link is not known');

interface TokenHolder {
  email: string;
  firstName: string;
  companyName: string;
}

/**
 * Who a token is for: a registration's visitor, or an invited user (onboarding invites the people of a
 * company, administrators invite internal users), with their organisation's legal name.
 */
async function holderOf(db: Kysely<DB>, token: AccountToken): Promise<TokenHolder> {
  if (token.registrationId !== null) {
    const registration = await db
      .selectFrom('registrations')
      .select(['email', 'firstName', 'companyName'])
      .where('id', '=', token.registrationId)
      .executeTakeFirst();
    if (!registration) throw unknownLink();
    return registration;
  }
  if (token.userId === null) throw unknownLink();
  const user = await db
    .selectFrom('users')
    .leftJoin('organisations', 'organisations.id', 'users.organisationId')
    .select(['users.email', 'users.displayName', 'users.status', 'organisations.legalName'])
    .where('users.id', '=', token.userId)
    .executeTakeFirst();
  if (!user) throw unknownLink();
  if (isInvitationWithdrawn(user))
    throw new ApiError(400, ACCOUNT_TOKEN_ERRORS.withdrawn, INVITATION_WITHDRAWN_TEXT);
  return {
    email: user.email,
    firstName: user.displayName,
    companyName: user.legalName ?? INTERNAL_COMPANY_NAME,
  };
}

/**
 * What the confirmation page shows before the link is used: whose it is and how the account is made.
 * Unknown, expired and used links answer spec §8's 105, 301 and 405.
 */
export async function accountTokenInfo(
  db: Kysely<DB>,
  config: Config,
  token: string,
): Promise<AccountTokenInfo> {
  const row = await usableAccountToken(db, token);
  const holder = await holderOf(db, row);
  const accountMode = accountModeOf(config.auth);
  return {
    purpose: row.purpose,
    ...holder,
    accountMode,
    signUpUrl: accountMode === 'b2c' ? signUpUrl(config, holder.email) : null,
  };
}
