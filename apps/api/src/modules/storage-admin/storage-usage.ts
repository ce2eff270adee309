import { FILE_PURPOSES, type FilePurpose, type StorageUsage } from '@portal/contracts';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.js';

/**
 * GET /api/admin/files/usage (issue 13 item 3, "usage totals per container"): files and bytes per purpose's
 * container, every purpose listed (an empty one with 0), summed in SQL.
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
  const byPurpose = new Map(rows.map((row) => [row.purpose, row]));
  const containers = FILE_PURPOSES.map((purpose) => ({
    purpose,
    container: containerFor(purpose),
    files: Number(byPurpose.get(purpose)?.files ?? 0),
    bytes: Number(byPurpose.get(purpose)?.bytes ?? 0),
  }));
  return {
    containers,
    totalFiles: containers.reduce((sum, row) => sum + row.files, 0),
    totalBytes: containers.reduce((sum, row) => sum + row.bytes, 0),
  };
}
