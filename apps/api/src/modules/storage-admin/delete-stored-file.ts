import { FILE_IN_USE } from '@portal/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { writeAudit } from '../../db/audit.js';
import { FOREIGN_KEY_VIOLATION, violates } from '../../db/pg-errors.js';
import type { DB } from '../../db/schema.js';
import { ApiError, notFound, versionConflict } from '../../http/api-error.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { referenceCountOf } from '../../storage/file-references.js';
import { toDto } from '../../storage/stored-files.js';

const fileInUse = (references: number) =>
  new ApiError(409, FILE_IN_USE, `The file is referenced by ${references} record(s)`);

/**
 * DELETE /api/admin/files/:id ("delete only when nothing references the file (409
 * otherwise)"). The row is locked FOR UPDATE, so a record that starts referencing it meanwhile waits for
 * this transaction (its foreign key check takes a KEY SHARE lock) and then fails; the reference count, the
 * row's deletion and the audit row share that transaction. The blob goes after the commit: a failed
 * removal leaves an unreachable blob (logged), never a row without its blob.
 */
export async function deleteStoredFile(
  db: Kysely<DB>,
  store: BlobStore,
  log: FastifyBaseLogger,
  input: { id: string; version: number | undefined; actor: string },
): Promise<void> {
  const file = await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('storedFiles')
      .selectAll()
      .where('id', '=', input.id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound(`No file ${input.id}`);
    if (input.version !== undefined && input.version !== row.version) throw versionConflict();
    const references = await referenceCountOf(trx, row.id);
    if (references > 0) throw fileInUse(references);
    try {
      await trx.deleteFrom('storedFiles').where('id', '=', row.id).execute();
    } catch (error) {
      // The foreign keys are the last word: a reference the count did not know still refuses the delete.
      if (violates(error, FOREIGN_KEY_VIOLATION)) throw fileInUse(1);
      throw error;
    }
    await writeAudit(trx, {
      actor: input.actor,
      action: 'DELETE',
      entity: 'storedFile',
      entityId: row.id,
      diff: toDto(row),
    });
    return row;
  });
  try {
    await store.delete(file.container, file.blobKey);
  } catch (error) {
    log.error({ err: error, fileId: file.id, container: file.container }, 'a deleted file kept its blob');
  }
}
