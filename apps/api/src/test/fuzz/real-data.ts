import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { RealData } from './openapi-requests.js';

/**
 * The seeded rows generated requests may name, so valid ids reach the handlers and not only their 404s.
 * `callers`: the ids of the users the requests are sent as, never offered to the user routes (an
 * administrator disabling one would leave every later call of that caller a 403).
 */
export async function realDataOf(db: Kysely<DB>, callers: ReadonlySet<string>): Promise<RealData> {
  /** Every value of one column, as text. */
  const column = async (table: string, name = 'id') =>
    (
      await sql<{ value: string }>`select ${sql.ref(name)}::text as value from ${sql.table(table)}`.execute(
        db,
      )
    ).rows.map((row) => row.value);
  const users = (await column('users')).filter((id) => !callers.has(id));
  const ids: Record<string, string[]> = {
    'disclaimer-contents': await column('disclaimer_contents'),
    gateways: await column('gateways'),
    tooltips: await column('tooltips'),
    files: await column('stored_files'),
    checks: await column('checks'),
    organisations: await column('organisations'),
    // The company page's address names a company by its OBP number.
    companies: await column('organisations', 'obp_number'),
    'session-tokens': await column('session_tokens'),
    users,
    people: users,
    links: [...new Set(await column('links', 'list_id'))],
    '{id}': await column('links'),
  };
  ids.any = Object.values(ids).flat();
  return { ids, organisationIds: ids.organisations ?? [], obpNumbers: ids.companies ?? [] };
}
