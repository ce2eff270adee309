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

/**
 * An UPDATE's diff: each field of `after` whose value differs from `before`, as { from, to }. Values are
 * compared as JSON, so dates and arrays compare by content.
 */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Record<string, { from: unknown; to: unknown }> {
  const diff: Record<string, { from: unknown; to: unknown }> = {};
  for (const [field, to] of Object.entries(after)) {
    const from = before[field];
    if (JSON.stringify(from) !== JSON.stringify(to)) diff[field] = { from: from ?? null, to: to ?? null };
  }
  return diff;
}
