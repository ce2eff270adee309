import { changedFields } from '@portal/domain';
import type { Transaction } from 'kysely';
import { sql } from 'kysely';
import { writeAudit } from '../../db/audit.js';
import type { DB } from '../../db/schema.js';

/**
 * The local provider: the person chose a password on the confirmation or invitation page; it is stored as
 * a scrypt hash (never in the audit row) and the account can sign in from now on.
 */
export async function activateLocalAccount(
  trx: Transaction<DB>,
  user: { id: string; email: string; status: string },
  passwordHash: string,
): Promise<void> {
  await trx
    .updateTable('users')
    .set({
      passwordHash,
      status: 'ACTIVE',
      updatedAt: new Date(),
      updatedBy: user.email,
      version: sql<number>`version + 1`,
    })
    .where('id', '=', user.id)
    .execute();
  await writeAudit(trx, {
    actor: user.email,
    action: 'ACTIVATE',
    entity: 'user',
    entityId: user.id,
    diff: { ...changedFields({ status: user.status }, { status: 'ACTIVE' }), password: 'set' },
  });
}
