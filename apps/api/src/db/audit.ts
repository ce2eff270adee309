import type { Kysely, Transaction } from 'kysely';
import type { DB } from './schema.js';

export interface AuditEntry {
  actor: string;
  action: 'CREATE' | 'UPDATE' | 'DELETE' | (string & {});
  entity: string;
  entityId: string;
  diff?: unknown;
}

/** domain.md: every change writes an audit row, in the same transaction as the change. */
export async function writeAudit(trx: Transaction<DB> | Kysely<DB>, entry: AuditEntry): Promise<void> {
  await trx
    .insertInto('auditLog')
    .values({ ...entry, diff: entry.diff === undefined ? null : JSON.stringify(entry.diff) })
    .execute();
}
