import type { AccountTokenUsed } from '@portal/contracts';
import { changedFields, mayJoinCompany } from '@portal/domain';
import type { Transaction } from 'kysely';
import { accountTokenError, usableAccountToken, useAccountToken } from '../../accounts/account-tokens.js';
import type { DB } from '../../db/schema.js';
import type { NewAccount } from './new-account.js';
import { selfUpdateUser } from './self-update.js';

/**
 * Uses the link of a company's invitation of an address that has an account (onboarding
 * spoc-assistant-invitation.ts), in the caller's transaction: only an external account of no company may
 * accept (domain mayJoinCompany; any other answers INVITATION_WITHDRAWN and joins nothing). The account
 * becomes the company's SPOC Assistant with the access the company set; with the local provider the chosen
 * password is set and the account is ACTIVE, as an invitation's is. The pending invitation goes (its links
 * with it). Locks: the invitation, then the user, then the token.
 */
export async function joinCompany(
  trx: Transaction<DB>,
  invitationId: string,
  token: string,
  account: NewAccount,
): Promise<AccountTokenUsed> {
  const invitation = await trx
    .selectFrom('personInvitations')
    .selectAll()
    .where('id', '=', invitationId)
    .forUpdate()
    .executeTakeFirst();
  if (!invitation) throw accountTokenError('unknown');
  const user = await trx
    .selectFrom('users')
    .select(['id', 'email', 'roles', 'status', 'access', 'organisationId', 'obpRole'])
    .where('id', '=', invitation.userId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  const row = await usableAccountToken(trx, token, { lock: true });
  if (!mayJoinCompany(user)) throw accountTokenError('withdrawn');
  const changes = {
    organisationId: invitation.organisationId,
    obpRole: 'SPOC_ASSISTANT' as const,
    access: invitation.access,
    ...(account.mode === 'local' ? { status: 'ACTIVE' as const } : {}),
  };
  await selfUpdateUser(trx, user, {
    set: { ...changes, ...(account.mode === 'local' ? { passwordHash: account.passwordHash } : {}) },
    action: 'JOIN_COMPANY',
    diff: { ...changedFields(user, changes), ...(account.mode === 'local' ? { password: 'set' } : {}) },
  });
  await useAccountToken(trx, row.id);
  await trx.deleteFrom('personInvitations').where('id', '=', invitation.id).execute();
  return { email: user.email, accountMode: account.mode };
}
