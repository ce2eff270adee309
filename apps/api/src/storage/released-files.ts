import type { FastifyBaseLogger } from 'fastify';
import { sql, type Transaction } from 'kysely';
import type { DB } from '../db/schema.js';
import type { BlobStore } from './blob-store.js';
import { referenceCountOf } from './file-references.js';

/** A file whose row a transaction deleted: its blob goes once that transaction has committed. */
export interface ReleasedFile {
  id: string;
  container: string;
  blobKey: string;
}

/**
 * A record no longer references file `id` (an upload replaced it; call this once the
 * record names its new file). One reference less, and when nothing references the file any more (the
 * references decide, file-references.ts, not the counter) and an administrator did not keep it, its row
 * is deleted in the caller's transaction. Answers the file whose blob is to be removed after the commit,
 * never before: a rollback brings the row back, and it needs its blob.
 */
export async function releaseFile(
  trx: Transaction<DB>,
  id: string | null,
  actor: string,
): Promise<ReleasedFile | undefined> {
  if (!id) return undefined;
  const row = await trx
    .updateTable('storedFiles')
    .set({ refCount: sql<number>`greatest(ref_count - 1, 0)`, updatedBy: actor, updatedAt: new Date() })
    .where('id', '=', id)
    .returning(['id', 'container', 'blobKey', 'kept'])
    .executeTakeFirst();
  if (!row || row.kept || (await referenceCountOf(trx, id)) > 0) return undefined;
  await trx.deleteFrom('storedFiles').where('id', '=', id).execute();
  return { id: row.id, container: row.container, blobKey: row.blobKey };
}

/**
 * Removes blobs whose rows are gone (committed) or never were. A failure is only logged: the blob is then
 * an orphan, which the sweep removes later (orphan-sweep.ts).
 */
export async function removeBlobs(
  store: BlobStore,
  log: FastifyBaseLogger,
  files: ReadonlyArray<{ container: string; blobKey: string; id?: string }>,
): Promise<void> {
  for (const file of files) {
    try {
      await store.delete(file.container, file.blobKey);
    } catch (error) {
      log.error(
        { err: error, fileId: file.id, container: file.container, key: file.blobKey },
        'could not remove the blob of a removed file; the orphan sweep will',
      );
    }
  }
}
