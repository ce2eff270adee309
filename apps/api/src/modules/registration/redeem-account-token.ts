import type { AccountTokenUsed, UseAccountTokenInput } from '@portal/contracts';
import type { Kysely } from 'kysely';
import { usableAccountToken } from '../../accounts/account-tokens.js';
import { hashPassword } from '../../accounts/passwords.js';
import type { Config } from '../../config.js';
import { UNIQUE_VIOLATION, violates } from '../../db/pg-errors.js';
import type { DB } from '../../db/schema.js';
import { ApiError } from '../../http/api-error.js';
import { acceptInvitation } from './accept-invitation.js';
import { accountModeOf } from './account-mode.js';
import { accountExists, confirmRegistration } from './confirm-registration.js';
import { joinCompany } from './join-company.js';
import type { NewAccount } from './new-account.js';

const passwordRequired = () =>
  new ApiError(400, 'INVALID_FIELD', 'Choose a password', [
    { code: 'INVALID_FIELD', field: 'password', message: 'Choose a password' },
  ]);

/**
 * POST /api/account-tokens/{token}/use: a confirmation or an invitation link is used once, in one
 * transaction with everything it makes. The token is checked first without a lock, so a bad link costs
 * no password hashing (scrypt is deliberately slow), then again under its lock inside the transaction.
 * With B2C a password in the body is ignored: B2C holds it.
 */
export async function redeemAccountToken(
  db: Kysely<DB>,
  config: Config,
  token: string,
  input: UseAccountTokenInput,
): Promise<AccountTokenUsed> {
  const found = await usableAccountToken(db, token);
  let account: NewAccount = { mode: 'b2c' };
  if (accountModeOf(config.auth) === 'local') {
    if (!input.password) throw passwordRequired();
    account = { mode: 'local', passwordHash: await hashPassword(input.password) };
  }
  const { registrationId, userId, personInvitationId } = found;
  try {
    return await db.transaction().execute((trx) => {
      if (registrationId !== null) return confirmRegistration(trx, registrationId, token, account);
      if (personInvitationId !== null) return joinCompany(trx, personInvitationId, token, account);
      if (userId !== null) return acceptInvitation(trx, userId, token, account);
      throw new Error(`Account token ${found.id} has neither a registration nor a user`);
    });
  } catch (error) {
    // Two registrations of one address confirmed at the same moment: the unique index decides.
    if (violates(error, UNIQUE_VIOLATION, 'users_email_key')) throw accountExists();
    throw error;
  }
}
