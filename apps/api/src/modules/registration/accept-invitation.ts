import type { AccountTokenUsed } from '@portal/contracts';
import { isInvitationWithdrawn } from '@portal/domain';
import type { Transaction } from 'kysely';
import { accountTokenError, usableAccountToken, useAccountToken } from '../../accounts/account-tokens.js';
import type { DB } from '../../db/schema.js';
import { activateLocalAccount } from './account-activation.js';
import type { NewAccount } from './new-account.js';

/**
 * Uses an invitation link (a person added by their company's onboarding, or an internal user added by an
 * administrator), in the caller's transaction: the user is locked first, then the token, checked again
 * under its lock. Local provider: the chosen password, and the user is ACTIVE. B2C: the user stays INVITED
 * until the claims endpoint links their B2C account at the first sign-in (accounts/account-linking.ts).
 */
export async function acceptInvitation(
  trx: Transaction<DB>,
  userId: string,
  token: string,
  account: NewAccount,
): Promise<AccountTokenUsed> {
  const user = await trx
    .selectFrom('users')
    .select(['id', 'email', 'status'])
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
  if (!user) throw accountTokenError('unknown');
  const row = await usableAccountToken(trx, token, { lock: true });
  // An administrator disabled the account after inviting: the link must not open it again.
  if (isInvitationWithdrawn(user)) throw accountTokenError('withdrawn');
  if (account.mode === 'local') await activateLocalAccount(trx, user, account.passwordHash);
  await useAccountToken(trx, row.id);
  return { email: user.email, accountMode: account.mode };
}
