import type { AuditAction } from '@portal/contracts';
import { sql, type Transaction, type Updateable } from 'kysely';
import { writeAudit } from '../../db/audit.js';
import type { DB } from '../../db/schema.js';

/**
 * A person's change of their own user row through a mailed link (activation, joining a company), in the
 * caller's transaction: the row at its next version, written by them, and its audit row. `diff` is what
 * the trail shows (a password only as 'set', never its hash).
 */
export async function selfUpdateUser(
  trx: Transaction<DB>,
  user: { id: string; email: string },
  change: { set: Updateable<DB['users']>; action: AuditAction; diff: Record<string, unknown> },
): Promise<void> {
  await trx
    .updateTable('users')
    .set({ ...change.set, updatedAt: new Date(), updatedBy: user.email, version: sql<number>`version + 1` })
    .where('id', '=', user.id)
    .execute();
  await writeAudit(trx, {
    actor: user.email,
    action: change.action,
    entity: 'user',
    entityId: user.id,
    diff: change.diff,
  });
}
