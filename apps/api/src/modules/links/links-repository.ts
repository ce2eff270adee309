import {
  type LinkInput,
  type LinkItem,
  type LinkUpdateInput,
  linkColumnsOf,
  linkItemOf,
} from '@portal/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { createAudited, deleteAtVersion, updateAtVersion } from '../../db/versioned-rows.js';
import { notFound } from '../../http/api-error.js';

const ENTITY = 'link';

/**
 * A list's links in their order: the active ones (spec §7 GET /links/{id}, what visitors see), or all of
 * them for the administrators who manage the list.
 */
export async function listLinks(
  db: Kysely<DB>,
  listId: string,
  include: 'active' | 'all' = 'active',
): Promise<LinkItem[]> {
  let query = db.selectFrom('links').selectAll().where('listId', '=', listId);
  if (include === 'active') query = query.where('active', '=', true);
  const rows = await query.orderBy('sortOrder').orderBy('label').execute();
  return rows.map(linkItemOf);
}

export async function getLink(db: Kysely<DB>, listId: string, linkId: string): Promise<LinkItem> {
  const row = await db
    .selectFrom('links')
    .selectAll()
    .where('listId', '=', listId)
    .where('id', '=', linkId)
    .executeTakeFirst();
  if (!row) throw notFound(`No link ${linkId} in ${listId}`);
  return linkItemOf(row);
}

const ref = (listId: string, linkId: string) => ({
  table: 'links' as const,
  entity: ENTITY,
  id: linkId,
  scope: { listId },
  missing: `No link ${linkId} in ${listId}`,
});

export const createLink = async (db: Kysely<DB>, listId: string, input: LinkInput, actor: string) =>
  linkItemOf(
    await createAudited(
      db,
      { table: 'links', entity: ENTITY },
      { listId, ...linkColumnsOf(input) },
      actor,
      input,
    ),
  );

export const updateLink = async (
  db: Kysely<DB>,
  listId: string,
  linkId: string,
  input: LinkUpdateInput,
  actor: string,
) =>
  linkItemOf(
    await updateAtVersion(db, ref(listId, linkId), {
      version: input.version,
      changes: linkColumnsOf(input),
      actor,
    }),
  );

export const deleteLink = (db: Kysely<DB>, listId: string, linkId: string, actor: string, version?: number) =>
  deleteAtVersion(db, ref(listId, linkId), { version, actor, describe: linkItemOf });
