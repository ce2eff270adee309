import { mayReadFile } from '@portal/domain';
import type { Kysely } from 'kysely';
import { callerOrganisationId } from '../../company/caller-organisation.js';
import type { DB, StoredFile } from '../../db/schema.js';
import { notFound } from '../../http/api-error.js';
import type { SessionUser } from '../../plugins/auth.js';
import { isPublishedTemplateFile } from '../../publications/agreement-templates-repository.js';

/** A stored file the caller may read (domain mayReadFile); any other answers 404, as a missing one does. */
export async function getReadableFile(db: Kysely<DB>, id: string, user: SessionUser): Promise<StoredFile> {
  const row = await db.selectFrom('storedFiles').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(`No file ${id}`);
  const staff = user.roles.includes('ADMIN') || user.roles.includes('EMVO');
  const organisationId = staff ? null : await callerOrganisationId(db, user);
  const publishedTemplate =
    !staff &&
    row.purpose === 'AGREEMENT_TEMPLATE' &&
    row.organisationId === null &&
    (await isPublishedTemplateFile(db, row.id));
  if (!mayReadFile({ roles: user.roles, organisationId }, row, publishedTemplate))
    throw notFound(`No file ${id}`);
  return row;
}
