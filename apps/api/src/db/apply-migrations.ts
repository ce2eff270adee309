import { sql } from 'kysely';
import type { Database } from './database-handle.js';

/** Any fixed number: the advisory lock that keeps two API instances from migrating at once. */
const MIGRATION_LOCK = 4_210_113;

export interface Migration {
  name: string;
  script: string;
}

/**
 * Applies the migrations not yet recorded in schema_migrations, each in its own transaction, so a
 * failing file leaves the database as it was before that file. Plain PostgreSQL SQL runs unchanged on
 * PGlite and PostgreSQL. Returns the names applied. The files are the caller's: a server's read from disk
 * (node/migrate.ts), mock mode's as its bundler read them.
 */
export async function applyMigrations(
  database: Database,
  migrations: readonly Migration[],
): Promise<string[]> {
  return database.withSession(async (exec, session) => {
    // The lock comes first: two instances starting at once on a new database would otherwise both create
    // schema_migrations, and `create table if not exists` is not safe against a concurrent twin (one of
    // them fails on pg_type's unique index).
    await sql`select pg_advisory_lock(${MIGRATION_LOCK})`.execute(session);
    try {
      await exec(`create table if not exists schema_migrations (
        name text primary key,
        applied_at timestamptz not null default now()
      )`);
      const done = await sql<{ name: string }>`select name from schema_migrations`.execute(session);
      const applied = new Set(done.rows.map((row) => row.name));
      const ran: string[] = [];
      for (const migration of migrations) {
        if (applied.has(migration.name)) continue;
        await exec('begin');
        try {
          await exec(migration.script);
          await sql`insert into schema_migrations (name) values (${migration.name})`.execute(session);
          await exec('commit');
        } catch (error) {
          await exec('rollback');
          throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`, {
            cause: error,
          });
        }
        ran.push(migration.name);
      }
      return ran;
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK})`.execute(session);
    }
  });
}
