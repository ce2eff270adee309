import type { AuditAction } from '@portal/contracts';
import { auditSubjectName, changedFields } from '@portal/domain';
import type { Generated, Kysely, Selectable, Transaction } from 'kysely';
import { sql } from 'kysely';
import { notFound, versionConflict } from '../http/api-error.js';
import { writeAudit } from './audit.js';
import type { DB } from './schema.js';

/** The tables whose rows carry an id and an integer version (domain.md: every business entity). */
export type VersionedTable = {
  [K in keyof DB]: DB[K] extends { id: unknown; version: unknown; updatedBy: unknown } ? K : never;
}[keyof DB];

type Row<T extends VersionedTable> = Selectable<DB[T]>;

/** Which row: its table, its audit entity name, its id, and any column it must also match (a link's list). */
export interface RowRef<T extends VersionedTable> {
  table: T;
  /** The AuditLog's entity name. */
  entity: string;
  id: string;
  /** Columns the row must also match, or it is not found: a link belongs to its list. */
  scope?: Record<string, string>;
  /** The 404's message. */
  missing: string;
}

/**
 * The tables seen without their column types, so one helper serves them all; what each writes is typed by
 * its repository (the Insertable and Updateable of its own table).
 */
type LooseRow = { id: Generated<string> } & Record<string, unknown>;
type LooseDB = Record<string, LooseRow>;
const loose = (db: Kysely<DB> | Transaction<DB>) => db as unknown as Kysely<LooseDB>;
const tableOf = (ref: { table: VersionedTable }): string => ref.table;

/** The row, locked until the transaction ends (a concurrent writer waits, then sees the new version), or 404. */
export async function lockRow<T extends VersionedTable>(
  trx: Transaction<DB>,
  ref: RowRef<T>,
): Promise<Row<T>> {
  let query = loose(trx).selectFrom(tableOf(ref)).selectAll().where('id', '=', ref.id);
  for (const [column, value] of Object.entries(ref.scope ?? {})) query = query.where(column, '=', value);
  const row = await query.forUpdate().executeTakeFirst();
  if (!row) throw notFound(ref.missing);
  return row as unknown as Row<T>;
}

/** Inserts a row and its CREATE audit row, in one transaction. */
export async function createAudited<T extends VersionedTable>(
  db: Kysely<DB>,
  ref: { table: T; entity: string },
  values: Record<string, unknown>,
  actor: string,
  diff: unknown = values,
): Promise<Row<T>> {
  return db.transaction().execute(async (trx) => {
    const row = await loose(trx)
      .insertInto(tableOf(ref))
      .values({ ...values, createdBy: actor, updatedBy: actor })
      .returningAll()
      .executeTakeFirstOrThrow();
    await writeAudit(trx, { actor, action: 'CREATE', entity: ref.entity, entityId: String(row.id), diff });
    return row as unknown as Row<T>;
  });
}

export interface VersionedUpdate<T extends VersionedTable> {
  /** The version the editor read (optimistic locking). */
  version: number;
  /** The columns to set. */
  changes: Record<string, unknown>;
  actor: string;
  /** The audit action; default UPDATE (an admin screen's "deactivate" says DEACTIVATE). */
  action?: (before: Row<T>) => AuditAction;
  /** Further rules, inside the transaction, with the locked row; throw an ApiError to refuse. */
  check?: (trx: Transaction<DB>, before: Row<T>) => Promise<void>;
}

/**
 * domain.md: updates a row when `version` is still the stored one, and writes its audit row (the changed
 * fields, from and to), in one transaction; 404 when the row is gone, 409 when the version is stale, so two
 * people never overwrite each other's change.
 */
export async function updateAtVersion<T extends VersionedTable>(
  db: Kysely<DB>,
  ref: RowRef<T>,
  update: VersionedUpdate<T>,
): Promise<Row<T>> {
  return db.transaction().execute(async (trx) => {
    const before = await lockRow(trx, ref);
    if (Reflect.get(before, 'version') !== update.version) throw versionConflict();
    await update.check?.(trx, before);
    const row = await loose(trx)
      .updateTable(tableOf(ref))
      .set({
        ...update.changes,
        updatedBy: update.actor,
        updatedAt: new Date(),
        version: sql<number>`version + 1`,
      })
      .where('id', '=', ref.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await writeAudit(trx, {
      actor: update.actor,
      action: update.action?.(before) ?? 'UPDATE',
      entity: ref.entity,
      entityId: ref.id,
      diff: changedFields(before, update.changes),
    });
    return row as unknown as Row<T>;
  });
}

export interface VersionedDelete<T extends VersionedTable> {
  /** When given, the delete happens only at this version (409 otherwise). */
  version?: number | undefined;
  actor: string;
  /** Further rules with the locked row (a gateway in use is not deleted); throw an ApiError to refuse. */
  check?: (trx: Transaction<DB>, row: Row<T>) => Promise<void>;
  /** What the audit row keeps of the deleted row; default the row itself. */
  describe?: (row: Row<T>) => unknown;
}

/** Deletes a row (at its version, when given) and writes its DELETE audit row, in one transaction. */
export async function deleteAtVersion<T extends VersionedTable>(
  db: Kysely<DB>,
  ref: RowRef<T>,
  remove: VersionedDelete<T>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await lockRow(trx, ref);
    if (remove.version !== undefined && Reflect.get(row, 'version') !== remove.version) {
      throw versionConflict();
    }
    await remove.check?.(trx, row);
    await loose(trx).deleteFrom(tableOf(ref)).where('id', '=', ref.id).execute();
    await writeAudit(trx, {
      actor: remove.actor,
      action: 'DELETE',
      entity: ref.entity,
      entityId: ref.id,
      // The row is gone: the trail names it by the name it had (migration 0022).
      entityName: auditSubjectName(ref.entity, row),
      diff: remove.describe ? remove.describe(row) : row,
    });
  });
}
