import { type Expression, type Kysely, sql } from 'kysely';
import type { DB } from './schema.js';

/**
 * The name a person knows a colleague by: the directory's display name of the actor (their subject, else
 * their email: http/caller.ts actorOf writes the email when the token has one), else the actor as written.
 * `actor` is a value or a column of the query it is part of.
 */
export const displayNameOf = (actor: string | Expression<string>) => sql<string>`coalesce(
  (select display_name from users
    where external_id = ${actor} or lower(email) = lower(${actor})
    order by external_id is distinct from ${actor}
    limit 1),
  ${actor}
)`;

/**
 * The display name of each actor that is a user of the directory, by the actor as written; an actor who is
 * none (the seed, the system) is left out, so a screen shows it as written.
 */
export async function displayNamesOf(
  db: Kysely<DB>,
  actors: ReadonlyArray<string | null>,
): Promise<Record<string, string>> {
  const wanted = [...new Set(actors)].filter((actor): actor is string => Boolean(actor));
  if (wanted.length === 0) return {};
  const { rows } = await sql<{ actor: string; name: string }>`
    select actor, ${displayNameOf(sql.ref('actor'))} as name
      from unnest(${wanted}::text[]) as actor`.execute(db);
  return Object.fromEntries(rows.filter((row) => row.name !== row.actor).map((row) => [row.actor, row.name]));
}
