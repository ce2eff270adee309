import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { camelCase } from '../db/camel-case.js';
import type { Database } from '../db/database-handle.js';
import { pgliteDatabase } from '../db/pglite-database.js';
import { PortalQueryCompiler } from '../db/query-compiler.js';
import type { DB } from '../db/schema.js';
import { listenOnPostgres } from './notification-listener.js';

export type { Database, DatabaseKind, ExecScript } from '../db/database-handle.js';

/** Told when the server ends a pooled PostgreSQL connection (it restarted or went away); never fatal. */
export type ConnectionErrorHandler = (error: Error) => void;

/**
 * How long a request waits for a pool connection before it fails (pg-pool's default, 0, waits forever): a
 * server that cannot be reached then answers 503 SERVICE_UNAVAILABLE in seconds, instead of requests
 * piling up until the clients time out.
 */
const CONNECT_TIMEOUT_MS = 5_000;

export type DatabaseOptions =
  /** PostgreSQL, when a connection string is given. */
  | { databaseUrl: string; poolSize?: number; onConnectionError?: ConnectionErrorHandler }
  /**
   * Else PGlite in this folder; `memory://` keeps it in memory (tests). `template` is a data folder dumped
   * by PGlite's `dumpDataDir` to start from (the tests' migrated database: loading one is about four times
   * faster than PGlite's own initdb).
   */
  | { databaseUrl?: undefined; pgliteDir: string; template?: Blob };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('pgliteDir' in options) return openPglite(options.pgliteDir, options.template);
  return openPostgres(options.databaseUrl, options.poolSize ?? 10, options.onConnectionError);
}

/** The database the configuration names. */
export function openConfiguredDatabase(
  config: { databaseUrl: string | undefined; databasePoolSize: number; pgliteDir: string },
  onConnectionError?: ConnectionErrorHandler,
) {
  return openDatabase(
    config.databaseUrl
      ? { databaseUrl: config.databaseUrl, poolSize: config.databasePoolSize, onConnectionError }
      : { pgliteDir: config.pgliteDir },
  );
}

async function openPostgres(
  connectionString: string,
  max: number,
  onConnectionError: ConnectionErrorHandler | undefined,
): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // A connection the server ends (a restart, `pg_ctl stop -m fast`, a failover) emits 'error' on its
  // client, whether it sits idle in the pool or is checked out between two queries of a transaction; with
  // no listener Node throws it and the whole process ends. Every client gets a listener: the query in
  // flight, if any, fails on its own (503, http/service-unavailable.ts), pg-pool drops the broken
  // connection, and the next query opens another, so the API recovers without a restart. The pool's own
  // 'error' (the same error, for an idle client) needs a listener too; the client's reports it.
  pool.on('connect', (client) => client.on('error', (error) => onConnectionError?.(error)));
  pool.on('error', () => undefined);
  const db = new Kysely<DB>({ dialect: new PortalPostgresDialect({ pool }), plugins });
  return {
    kind: 'postgres',
    db,
    // pg sends a query without parameters through the simple protocol, which runs several statements.
    withSession: (work) =>
      db
        .connection()
        .execute((session) => work((script) => sql.raw(script).execute(session).then(noop), session)),
    close: () => db.destroy(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    listen: (channel, notifications) => listenOnPostgres(connectionString, channel, notifications),
  };
}

async function openPglite(dataDir: string, template: Blob | undefined): Promise<Database> {
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  return pgliteDatabase(await PGlite.create({ dataDir, extensions: { pg_trgm }, loadDataDir: template }));
}

function noop(): void {}

// TypeScript speaks camelCase, the tables snake_case: the compiler writes the names (db/camel-case.ts,
// db/query-compiler.ts).
const plugins = [camelCase];

class PortalPostgresDialect extends PostgresDialect {
  override createQueryCompiler() {
    return new PortalQueryCompiler();
  }
}
