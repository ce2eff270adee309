import type { Kysely } from 'kysely';
import { writeAudit } from '../../db/audit.js';
import { FOREIGN_KEY_VIOLATION, violates } from '../../db/pg-errors.js';
import type { DB, StoredFile } from '../../db/schema.js';
import { notFound } from '../../http/api-error.js';
import type { SessionUser } from '../../plugins/auth.js';
import type { StagedFile } from '../../storage/receive-upload.js';
import { saveWithFile } from '../../storage/save-with-file.js';
import { invalidFields } from '../../storage/upload-errors.js';
import { isPublishedTemplateFile } from '../agreement-templates/agreement-templates-repository.js';
import { callerOrganisationId } from './caller-organisation.js';
import type { StoredFileDto } from './files-schemas.js';

const ENTITY = 'storedFile';

export const toDto = (row: StoredFile): StoredFileDto => ({
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
  createdAt: row.createdAt,
  version: row.version,
});

/**
 * domain.md /admin/storage "upload": a file kept for itself (no record references it yet, so refCount 0;
 * `kept`, so the orphan sweep leaves it), its row and its audit row in one transaction.
 */
export async function saveUploadedFile(
  db: Kysely<DB>,
  file: StagedFile,
  organisationId: string | null,
  actor: string,
): Promise<StoredFileDto> {
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

/**
 * A stored file the caller may read: ADMIN and EMVO read every file; an EXTERNAL user those of the
 * organisation they act for, and the published versions of the participation agreement template (they
 * belong to no organisation: every company downloads them to sign). Any other file answers 404, as a
 * missing one does, so nothing leaks.
 */
export async function getReadableFile(db: Kysely<DB>, id: string, user: SessionUser): Promise<StoredFile> {
  const row = await db.selectFrom('storedFiles').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(`No file ${id}`);
  if (user.roles.includes('ADMIN') || user.roles.includes('EMVO')) return row;
  if (
    row.purpose === 'AGREEMENT_TEMPLATE' &&
    row.organisationId === null &&
    (await isPublishedTemplateFile(db, row.id))
  ) {
    return row;
  }
  const organisationId = row.organisationId && (await callerOrganisationId(db, user));
  if (!organisationId || organisationId !== row.organisationId) throw notFound(`No file ${id}`);
  return row;
}
