import type { Kysely } from 'kysely';
import { writeAudit } from '../../db/audit.js';
import type { DB, Link } from '../../db/schema.js';
import { notFound, versionConflict } from '../../http/api-error.js';
import type { LinkDto, LinkInput, LinkUpdateInput } from './links-schemas.js';

const toDto = (row: Link): LinkDto => ({
  id: row.id,
  label: row.label,
  link: row.link,
  order: row.sortOrder,
  active: row.active,
  version: row.version,
});

/**
 * A list's links in their order: the active ones (spec §7 GET /links/{id}, what visitors see), or all of
 * them for the administrators who manage the list.
 */
export async function listLinks(
  db: Kysely<DB>,
  listId: string,
  include: 'active' | 'all' = 'active',
): Promise<LinkDto[]> {
  let query = db.selectFrom('links').selectAll().where('listId', '=', listId);
  if (include === 'active') query = query.where('active', '=', true);
  const rows = await query.orderBy('sortOrder').orderBy('label').execute();
  return rows.map(toDto);
}

export async function getLink(db: Kysely<DB>, listId: string, linkId: string): Promise<LinkDto> {
  const row = await db
    .selectFrom('links')
    .selectAll()
    .where('listId', '=', listId)
    .where('id', '=', linkId)
    .executeTakeFirst();
  if (!row) throw notFound(`No link ${linkId} in ${listId}`);
  return toDto(row);
}

export async function createLink(db: Kysely<DB>, listId: string, input: LinkInput, actor: string) {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('links')
      .values({
        listId,
        label: input.label,
        link: input.link,
        sortOrder: input.order,
        active: input.active,
        createdBy: actor,
        updatedBy: actor,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await writeAudit(trx, { actor, action: 'CREATE', entity: 'link', entityId: row.id, diff: input });
    return toDto(row);
  });
}

export async function updateLink(
  db: Kysely<DB>,
  listId: string,
  linkId: string,
  input: LinkUpdateInput,
  actor: string,
) {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('links')
      .set((eb) => ({
        label: input.label,
        link: input.link,
        sortOrder: input.order,
        active: input.active,
        updatedBy: actor,
        updatedAt: new Date(),
        version: eb('version', '+', 1),
      }))
      .where('listId', '=', listId)
      .where('id', '=', linkId)
      .where('version', '=', input.version)
      .returningAll()
      .executeTakeFirst();
    if (!row) {
      await getLink(trx, listId, linkId); // 404 when it is gone
      throw versionConflict();
    }
    await writeAudit(trx, { actor, action: 'UPDATE', entity: 'link', entityId: linkId, diff: input });
    return toDto(row);
  });
}

export async function deleteLink(db: Kysely<DB>, listId: string, linkId: string, actor: string) {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom('links')
      .where('listId', '=', listId)
      .where('id', '=', linkId)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw notFound(`No link ${linkId} in ${listId}`);
    await writeAudit(trx, { actor, action: 'DELETE', entity: 'link', entityId: linkId, diff: toDto(row) });
  });
}
