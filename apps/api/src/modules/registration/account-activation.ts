import { changedFields } from '@portal/domain';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import { selfUpdateUser } from './self-update.js';

/**
 * The local provider: the person chose a password on the confirmation or invitation page; it is stored as
 * a scrypt hash (never in the audit row) and the account can sign in from now on.
 */
export async function activateLocalAccount(
  trx: Transaction<DB>,
  user: { id: string; email: string; status: string },
  passwordHash: string,
): Promise<void> {
  await selfUpdateUser(trx, user, {
    set: { passwordHash, status: 'ACTIVE' },
    action: 'ACTIVATE',
    diff: { ...changedFields({ status: user.status }, { status: 'ACTIVE' }), password: 'set' },
  });
}
