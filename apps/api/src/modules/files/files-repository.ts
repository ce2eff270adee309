import type { Kysely } from 'kysely';
import { callerOrganisationId } from '../../company/caller-organisation.js';
import type { DB, StoredFile } from '../../db/schema.js';
import { notFound } from '../../http/api-error.js';
import type { SessionUser } from '../../plugins/auth.js';
import { isPublishedTemplateFile } from '../../publications/agreement-templates-repository.js';

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
