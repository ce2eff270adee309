import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../db/schema.js';
import { ApiError } from '../http/api-error.js';
import type { FileStorage } from './file-storage.js';

// What a company's stored files may take (STORAGE_QUOTA_MB, MB of 10⁶ bytes): the sum of
// the sizes of its stored_files rows. Portal documents (no organisation) have no quota.

export const STORAGE_QUOTA_EXCEEDED = 'STORAGE_QUOTA_EXCEEDED';

/** Bytes as MB of 10⁶ bytes, to one decimal: 195.3, 200. */
const mb = (bytes: number) => String(Math.round(bytes / 100_000) / 10);

/**
 * 413 STORAGE_QUOTA_EXCEEDED: how many MB the company's files take and its limit, in the message and as
 * the values of the SPA's message (a list body, as the catalogue reads values).
 */
export function storageQuotaExceeded(usedBytes: number, quotaBytes: number): ApiError {
  const values = { used: mb(usedBytes), limit: mb(quotaBytes) };
  const message = `The company's stored files take ${values.used} MB of its ${values.limit} MB: this file does not fit`;
  return new ApiError(413, STORAGE_QUOTA_EXCEEDED, message, [
    { code: STORAGE_QUOTA_EXCEEDED, message, values },
  ]);
}

/** What the company's stored files take in bytes, leaving out the file `except` names. */
async function usedBytes(
  db: Kysely<DB> | Transaction<DB>,
  organisationId: string,
  except: string | null = null,
): Promise<number> {
  let query = db
    .selectFrom('storedFiles')
    .select(sql<string>`coalesce(sum(size), 0)`.as('bytes'))
    .where('organisationId', '=', organisationId);
  if (except) query = query.where('id', '!=', except);
  const { bytes } = await query.executeTakeFirstOrThrow();
  return Number(bytes);
}

/**
 * Before the body is read: a company whose files already fill its quota is refused at once, without
 * streaming megabytes for nothing. `replacing` is the file the upload would replace, which then counts as
 * freed. Only a shortcut: the rule is assertWithinQuota, in the upload's transaction.
 */
export async function refuseWhenStorageFull(
  db: Kysely<DB>,
  storage: FileStorage,
  organisationId: string,
  replacing: string | null = null,
): Promise<void> {
  const used = await usedBytes(db, organisationId, replacing);
  if (used >= storage.quotaBytes) throw storageQuotaExceeded(used, storage.quotaBytes);
}

/**
 * Locks the company's organisation row until the transaction ends, so the uploads of one company sum its
 * files one after the other: 20 parallel uploads cannot all pass on the same sum. Taken before the
 * stored_files row is written: that insert's foreign key check takes a KEY SHARE lock on the same row,
 * and two uploads each holding one while waiting for FOR UPDATE would deadlock.
 */
export async function lockCompanyStorage(trx: Transaction<DB>, organisationId: string): Promise<void> {
  await trx.selectFrom('organisations').select('id').where('id', '=', organisationId).forUpdate().execute();
}

/**
 * In the upload's transaction, under lockCompanyStorage, after its row and its record are written (so a
 * file it replaced is already gone): 413 when the company's files now pass the quota.
 */
export async function assertWithinQuota(
  trx: Transaction<DB>,
  organisationId: string,
  quotaBytes: number,
  fileBytes: number,
): Promise<void> {
  const total = await usedBytes(trx, organisationId);
  if (total > quotaBytes) throw storageQuotaExceeded(total - fileBytes, quotaBytes);
}
