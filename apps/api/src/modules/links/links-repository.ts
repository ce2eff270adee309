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

/** Which of a list's links a read answers: the active ones, or every one for the administrators. */
export type LinkReach = 'active' | 'all';

/**
 * spec §7 GET /links/{id}: visitors see a list's active links only. The one rule of what a read may
 * answer, whether it lists the links or names one by id: an inactive link is the administrators' alone
 * (their own list, /links/{id}/all), never a visitor's, not even by id.
 */
const readable = (db: Kysely<DB>, listId: string, reach: LinkReach) => {
  const query = db.selectFrom('links').selectAll().where('listId', '=', listId);
  return reach === 'active' ? query.where('active', '=', true) : query;
};

/** A list's links in their order: the active ones (what visitors see), or all of them for its administrators. */
export async function listLinks(
  db: Kysely<DB>,
  listId: string,
  reach: LinkReach = 'active',
): Promise<LinkItem[]> {
  const rows = await readable(db, listId, reach).orderBy('sortOrder').orderBy('label').execute();
  return rows.map(linkItemOf);
}

/** One link of a list, read as the list is: an inactive one is unknown (404) to a visitor's read. */
export async function getLink(
  db: Kysely<DB>,
  listId: string,
  linkId: string,
  reach: LinkReach = 'active',
): Promise<LinkItem> {
  const row = await readable(db, listId, reach).where('id', '=', linkId).executeTakeFirst();
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
