import type { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import { camelCase } from './camel-case.js';
import type { Database, Notifications, StopListening } from './database-handle.js';
import { createPgliteDialect } from './pglite-dialect.js';
import type { DB } from './schema.js';

/**
 * The API's database over an open PGlite: the embedded default's (node/database.ts) and mock mode's, in
 * the browser.
 */
export function pgliteDatabase(client: PGlite): Database {
  // TypeScript speaks camelCase, the tables snake_case: the compiler writes the names (camel-case.ts).
  const db = new Kysely<DB>({ dialect: createPgliteDialect(client), plugins: [camelCase] });
  return {
    kind: 'pglite',
    db,
    // The session holds PGlite's turn (see pglite-dialect.ts), so exec cannot interleave with requests.
    withSession: (work) =>
      db
        .connection()
        .execute((session) => work((script) => client.exec(script).then(() => undefined), session)),
    close: () => db.destroy(),
    listen: (channel, notifications) => listenOnPglite(client, db, channel, notifications),
  };
}

/**
 * LISTEN on the embedded PGlite (it has LISTEN/NOTIFY; a notification committed by any statement reaches
 * its listeners). PGlite is one connection, which the Kysely dialect hands out in turns
 * (db/pglite-dialect.ts): the LISTEN runs in a turn of its own, so it can never land inside a request's
 * transaction and be rolled back with it.
 */
export async function listenOnPglite(
  client: PGlite,
  db: Kysely<DB>,
  channel: string,
  notifications: Notifications,
): Promise<StopListening> {
  const unlisten = await db.connection().execute(() => client.listen(channel, notifications.onPayload));
  return async () => {
    // After the database has closed there is nothing left to stop.
    if (client.closed) return;
    await db
      .connection()
      .execute(() => unlisten())
      .catch(() => undefined);
  };
}
