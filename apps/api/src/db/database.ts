import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { CamelCasePlugin, Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { createPgliteDialect } from './pglite-dialect.js';
import type { DB } from './schema.js';

export type DatabaseKind = 'pglite' | 'postgres';

/** Runs a script of several SQL statements on one connection (migrations, seeds). */
export type ExecScript = (script: string) => Promise<void>;

export interface Database {
  kind: DatabaseKind;
  db: Kysely<DB>;
  /** Holds one connection for `work`, which may run multi-statement scripts on it. */
  withSession<T>(work: (exec: ExecScript, session: Kysely<DB>) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export type DatabaseOptions =
  /** PostgreSQL, when a connection string is given. */
  | { databaseUrl: string; poolSize?: number }
  /** Else PGlite in this folder; `memory://` keeps it in memory (tests). */
  | { databaseUrl?: undefined; pgliteDir: string };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('pgliteDir' in options) return openPglite(options.pgliteDir);
  return openPostgres(options.databaseUrl, options.poolSize ?? 10);
}

/** The database the configuration names. */
export function openConfiguredDatabase(config: {
  databaseUrl: string | undefined;
  databasePoolSize: number;
  pgliteDir: string;
}) {
  return openDatabase(
    config.databaseUrl
      ? { databaseUrl: config.databaseUrl, poolSize: config.databasePoolSize }
      : { pgliteDir: config.pgliteDir },
  );
}

async function openPostgres(connectionString: string, max: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), plugins });
  return {
    kind: 'postgres',
    db,
    // pg sends a query without parameters through the simple protocol, which runs several statements.
    withSession: (work) =>
      db
        .connection()
        .execute((session) => work((script) => sql.raw(script).execute(session).then(noop), session)),
    close: () => db.destroy(),
  };
}

async function openPglite(dataDir: string): Promise<Database> {
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir, extensions: { pg_trgm } });
  const db = new Kysely<DB>({ dialect: createPgliteDialect(client), plugins });
  return {
    kind: 'pglite',
    db,
    // The session holds PGlite's turn (see pglite-dialect.ts), so exec cannot interleave with requests.
    withSession: (work) =>
      db.connection().execute((session) => work((script) => client.exec(script).then(noop), session)),
    close: () => db.destroy(),
  };
}

function noop(): void {}

// TypeScript speaks camelCase, the tables snake_case.
const plugins = [new CamelCasePlugin()];
