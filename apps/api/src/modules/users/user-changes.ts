import type { UserChangeInput } from '@portal/contracts';
import {
  adminStandingSetters,
  changedFields,
  isActiveAdmin,
  userChangeAction,
  userChangeRefusal,
} from '@portal/domain';
import { type Kysely, sql, type Transaction } from 'kysely';
import { writeAudit } from '../../db/audit.js';
import type { DB } from '../../db/schema.js';
import { lockRow } from '../../db/versioned-rows.js';
import { refuse, versionConflict } from '../../http/api-error.js';
import type { Caller } from '../../http/caller.js';

/**
 * The active administrators, locked until the transaction ends, in id order (so two admins demoting each
 * other at once queue up instead of deadlocking, and the second sees the first's change). Taken before the
 * target's own lock, only for a change that could remove an administrator.
 */
async function lockActiveAdmins(trx: Transaction<DB>): Promise<string[]> {
  const rows = await trx
    .selectFrom('users')
    .select('id')
    .where(sql<boolean>`'ADMIN' = any(roles)`)
    .where('status', '=', 'ACTIVE')
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows.map((row) => row.id);
}

/**
 * PATCH /api/users/{id}, in one transaction: the user locked at the admin's version (409 VERSION_CONFLICT
 * when stale), packages/domain checkUserChange (no self-disable, no self-demotion, never the last active
 * admin: counted under lock), the change and its audit row. Roles travel in the token, so the
 * change takes effect at the user's next sign-in; a disabled or revoked user's calls are refused within a
 * minute (plugins/auth.ts status cache).
 */
export async function changeUser(
  db: Kysely<DB>,
  admin: Caller,
  userId: string,
  input: UserChangeInput,
  now = new Date(),
): Promise<void> {
  const mayRemove =
    input.status === 'DISABLED' || (input.roles !== undefined && !input.roles.includes('ADMIN'));
  await db.transaction().execute(async (trx) => {
    const admins = mayRemove ? await lockActiveAdmins(trx) : [];
    const user = await lockRow(trx, {
      table: 'users',
      entity: 'user',
      id: userId,
      missing: `No user ${userId}`,
    });
    if (user.version !== input.version) throw versionConflict();
    const self =
      user.externalId === admin.subject ||
      (admin.email !== undefined && user.email.toLowerCase() === admin.email.toLowerCase());
    const activeAdmins = new Set(admins);
    if (isActiveAdmin(user)) activeAdmins.add(user.id);
    const refusal = userChangeRefusal(user, input, { self, activeAdmins: activeAdmins.size });
    refuse(refusal);

    const changes = {
      ...(input.roles ? { roles: [...input.roles] } : {}),
      ...(input.access ? { access: input.access } : {}),
      ...(input.status ? { status: input.status } : {}),
    };
    const diff = changedFields(user, changes);
    if (Object.keys(diff).length === 0) return;
    // What an administrator withdraws (disable, revoke) is theirs to undo, never the company's.
    const setters = adminStandingSetters(changes);
    await trx
      .updateTable('users')
      .set({
        ...changes,
        ...setters,
        updatedBy: admin.actor,
        updatedAt: now,
        version: sql<number>`version + 1`,
      })
      .where('id', '=', user.id)
      .execute();
    await writeAudit(trx, {
      actor: admin.actor,
      action: userChangeAction(input),
      entity: 'user',
      entityId: user.id,
      diff,
    });
  });
}
