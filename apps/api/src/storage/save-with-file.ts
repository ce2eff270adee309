import type { Kysely, Transaction } from 'kysely';
import type { DB, StoredFile } from '../db/schema.js';
import type { StagedFile } from './receive-upload.js';
import { type ReleasedFile, releaseFile, removeBlobs } from './released-files.js';
import { assertWithinQuota, lockCompanyStorage } from './storage-quota.js';

export interface FileOwner {
  /** The organisation whose file it is (EXTERNAL users read only their own); null for portal documents. */
  organisationId: string | null;
  /** Who uploaded it (the actor, as audit rows name it). */
  uploadedBy: string;
  /**
   * An administrator's upload that no record references (refCount 0), kept on purpose: the orphan sweep
   * leaves it, only the administrator's delete removes it.
   */
  kept?: boolean;
  /**
   * Locks the write takes that other transactions take before an organisation's row (the agreement
   * templates' lock): taken first, so the order is the same everywhere and no two uploads deadlock.
   */
  lockFirst?: (trx: Transaction<DB>) => Promise<void>;
}

/**
 * The record no longer references the file `id` names (null: it had none); call it once the record
 * names the new file. The file's row goes in this transaction when nothing else references it, its blob
 * after the commit (released-files.ts).
 */
export type Release = (id: string | null) => Promise<void>;

/**
 * issue: a staged file's stored_files row and the record that references it, in one transaction. When
 * anything in it fails (the write throws, the commit fails), the blob is removed too, so the store never
 * keeps a file no row knows. Answers what `write` answers.
 *
 * A company's file is held to its quota (STORAGE_QUOTA_MB) under a lock of its
 * organisation's row, after `write`, so a file `write` releases (replaces) counts as freed; over it, 413
 * STORAGE_QUOTA_EXCEEDED and nothing is left. Released files' blobs are removed after the commit.
 *
 *   await saveWithFile(db, file, { organisationId, uploadedBy: actor }, async (trx, stored, release) => {
 *     await trx.updateTable('contacts').set({ copyOfProofFileId: stored.id }).where('id', '=', id).execute();
 *     await release(previousFileId);
 *   });
 */
export async function saveWithFile<T>(
  db: Kysely<DB>,
  staged: StagedFile,
  owner: FileOwner,
  write: (trx: Transaction<DB>, storedFile: StoredFile, release: Release) => Promise<T>,
): Promise<T> {
  const { organisationId } = owner;
  const released: ReleasedFile[] = [];
  let answer: T;
  try {
    answer = await db.transaction().execute(async (trx) => {
      await owner.lockFirst?.(trx);
      if (organisationId) await lockCompanyStorage(trx, organisationId);
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
          organisationId,
          uploadedBy: owner.uploadedBy,
          refCount: owner.kept ? 0 : 1,
          kept: owner.kept ?? false,
          createdBy: owner.uploadedBy,
          updatedBy: owner.uploadedBy,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const result = await write(trx, storedFile, async (id) => {
        const file = await releaseFile(trx, id, owner.uploadedBy);
        if (file) released.push(file);
      });
      if (organisationId) {
        await assertWithinQuota(trx, organisationId, staged.storage.quotaBytes, staged.size);
      }
      return result;
    });
  } catch (error) {
    await staged.discard();
    throw error;
  }
  await removeBlobs(staged.storage.store, staged.log, released);
  return answer;
}
