import type { Kysely, Transaction } from 'kysely';
import type { DB, StoredFile } from '../db/schema.js';
import type { StagedFile } from './receive-upload.js';

export interface FileOwner {
  /** The organisation whose file it is (EXTERNAL users read only their own); null for portal documents. */
  organisationId: string | null;
  /** Who uploaded it (the actor, as audit rows name it). */
  uploadedBy: string;
  /** How many records the write below makes reference the file: 1 by default, 0 for a file kept alone. */
  refCount?: number;
}

/**
 * issue: a staged file's stored_files row and the record that references it, in one transaction. When
 * anything in it fails (the write throws, the commit fails), the blob is removed too, so the store never
 * keeps a file no row knows. Answers what `write` answers.
 *
 *   await saveWithFile(db, file, { organisationId, uploadedBy: actor }, (trx, stored) =>
 *     trx.updateTable('contacts').set({ copyOfProofFileId: stored.id }).where('id', '=', id).execute());
 */
export async function saveWithFile<T>(
  db: Kysely<DB>,
  staged: StagedFile,
  owner: FileOwner,
  write: (trx: Transaction<DB>, storedFile: StoredFile) => Promise<T>,
): Promise<T> {
  try {
    return await db.transaction().execute(async (trx) => {
      const storedFile = await trx
        .insertInto('storedFiles')
        .values({
          container: staged.container,
          blobKey: staged.key,
          name: staged.name,
          mime: staged.mime,
          size: staged.size,
          sha256: staged.sha256,
          purpose: staged.purpose,
          organisationId: owner.organisationId,
          uploadedBy: owner.uploadedBy,
          refCount: owner.refCount ?? 1,
          createdBy: owner.uploadedBy,
          updatedBy: owner.uploadedBy,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return write(trx, storedFile);
    });
  } catch (error) {
    await staged.discard();
    throw error;
  }
}
