import type { FilePurpose, StorageUsage } from '@portal/contracts';
import { storageUsageOf } from '@portal/domain';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.js';

/**
 * GET /api/admin/files/usage ("usage totals per container"): files and bytes per purpose's
 * container, every purpose listed (an empty one with 0: packages/domain storageUsageOf), summed in SQL.
 */
export async function storageUsage(
  db: Kysely<DB>,
  containerFor: (purpose: FilePurpose) => string,
): Promise<StorageUsage> {
  const rows = await db
    .selectFrom('storedFiles')
    .select(['purpose', sql<string>`count(*)`.as('files'), sql<string>`coalesce(sum(size), 0)`.as('bytes')])
    .groupBy('purpose')
    .execute();
  const counts = rows.map((row) => ({ ...row, files: Number(row.files), bytes: Number(row.bytes) }));
  return storageUsageOf(counts, containerFor);
}
