import type { StoredFileMeta } from '@portal/contracts';
import { iso } from '@portal/domain';
import type { Kysely } from 'kysely';
import { writeAudit } from '../db/audit.js';
import { FOREIGN_KEY_VIOLATION, violates } from '../db/pg-errors.js';
import type { DB, StoredFile } from '../db/schema.js';
import type { StagedFile } from './receive-upload.js';
import { saveWithFile } from './save-with-file.js';
import { invalidFields } from './upload-errors.js';

const ENTITY = 'storedFile';

/** A stored file's metadata as contracts storedFileSchema answers it (the bytes come from filesApi.download). */
export const toDto = (row: StoredFile): StoredFileMeta => ({
  id: row.id,
  container: row.container,
  name: row.name,
  mime: row.mime,
  size: row.size,
  sha256: row.sha256,
  purpose: row.purpose,
  organisationId: row.organisationId,
  uploadedBy: row.uploadedBy,
  refCount: row.refCount,
  createdAt: iso(row.createdAt),
  version: row.version,
});

/**
 * domain.md /admin/storage "upload": a file kept for itself (no record references it yet, so refCount 0;
 * `kept`, so the orphan sweep leaves it), its row and its audit row in one transaction. POST /api/files and
 * the storage screen's upload both store this way.
 */
export async function saveUploadedFile(
  db: Kysely<DB>,
  file: StagedFile,
  organisationId: string | null,
  actor: string,
): Promise<StoredFileMeta> {
  try {
    return await saveWithFile(
      db,
      file,
      { organisationId, uploadedBy: actor, kept: true },
      async (trx, row) => {
        const dto = toDto(row);
        await writeAudit(trx, { actor, action: 'CREATE', entity: ENTITY, entityId: row.id, diff: dto });
        return dto;
      },
    );
  } catch (error) {
    if (violates(error, FOREIGN_KEY_VIOLATION, 'stored_files_organisation_id_fkey')) {
      throw invalidFields([{ field: 'organisationId', message: `No organisation ${organisationId}` }]);
    }
    throw error;
  }
}
