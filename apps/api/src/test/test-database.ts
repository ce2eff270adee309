import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../node/database.js';
import { migrate } from '../node/migrate.js';

/**
 * A migrated, empty database for one test file: PGlite in memory by default, or (DATABASE_URL set) a
 * schema of its own on that PostgreSQL, dropped on close, so files can run in parallel.
 */
export async function createTestDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (!url) return openDatabase({ pgliteDir: 'memory://', template: migratedTemplate() });
  const schema = await createScratchSchema(url);
  const database = await openDatabase({ databaseUrl: schema.url, poolSize: 4 });
  await migrate(database);
  return {
    ...database,
    close: async () => {
      await database.close();
      await schema.drop();
    },
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding a migrated, empty PGlite data folder (PGlite's dumpDataDir), provided by global-setup.ts. */
    pgliteTemplate: string;
  }
}

let template: Blob | undefined;

/** The migrated database global-setup.ts dumped, read once per worker (the files share this module). */
function migratedTemplate(): Blob {
  template ??= new Blob([readFileSync(inject('pgliteTemplate'))]);
  return template;
}

export interface ScratchSchema {
  /** The server's URL with this schema first on the search_path (then public, where pg_trgm lives). */
  url: string;
  drop(): Promise<void>;
}

/** A new empty schema on the PostgreSQL at `url`, for one test file (or the API processes it starts). */
export async function createScratchSchema(url: string): Promise<ScratchSchema> {
  const schema = `test_${randomBytes(6).toString('hex')}`;
  await runAdmin(url, `create schema ${schema}`);
  const scoped = new URL(url);
  scoped.searchParams.set('options', `-c search_path=${schema},public`);
  return { url: scoped.toString(), drop: () => runAdmin(url, `drop schema ${schema} cascade`) };
}

async function runAdmin(url: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}
