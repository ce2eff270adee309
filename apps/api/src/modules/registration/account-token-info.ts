import type { AccountTokenInfo } from '@portal/contracts';
import { mayJoinCompany, type TokenHolder, tokenHolderOf } from '@portal/domain';
import type { Kysely } from 'kysely';
import { accountTokenError, usableAccountToken } from '../../accounts/account-tokens.js';
import type { Config } from '../../config.js';
import type { AccountToken, DB } from '../../db/schema.js';
import { accountModeOf, signUpUrl } from './account-mode.js';

/**
 * Who a token is for (packages/domain tokenHolderOf): its registration's visitor, or its invited user with
 * their organisation's legal name.
 */
async function holderOf(db: Kysely<DB>, token: AccountToken): Promise<TokenHolder> {
  const registration =
    token.registrationId === null
      ? undefined
      : await db
          .selectFrom('registrations')
          .select(['email', 'firstName', 'companyName'])
          .where('id', '=', token.registrationId)
          .executeTakeFirst();
  if (token.personInvitationId !== null) return joiningHolderOf(db, token.personInvitationId);
  const user =
    token.userId === null
      ? undefined
      : await db
          .selectFrom('users')
          .leftJoin('organisations', 'organisations.id', 'users.organisationId')
          .select(['users.email', 'users.displayName', 'users.status', 'organisations.legalName'])
          .where('users.id', '=', token.userId)
          .executeTakeFirst();
  const holder = tokenHolderOf(registration, user);
  if ('refusal' in holder) throw accountTokenError(holder.refusal);
  return holder;
}

/**
 * The holder of a company's invitation of an existing account: the account, greeted with the inviting
 * company's legal name; an account that may not join a company (domain mayJoinCompany) is refused as a
 * withdrawn invitation.
 */
async function joiningHolderOf(db: Kysely<DB>, invitationId: string): Promise<TokenHolder> {
  const found = await db
    .selectFrom('personInvitations')
    .innerJoin('users', 'users.id', 'personInvitations.userId')
    .innerJoin('organisations', 'organisations.id', 'personInvitations.organisationId')
    .select(['users.email', 'users.displayName', 'users.roles', 'users.status', 'users.access'])
    .select(['users.organisationId', 'organisations.legalName'])
    .where('personInvitations.id', '=', invitationId)
    .executeTakeFirst();
  if (!found) throw accountTokenError('unknown');
  if (!mayJoinCompany(found)) throw accountTokenError('withdrawn');
  return { email: found.email, firstName: found.displayName, companyName: found.legalName };
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
