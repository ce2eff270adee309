import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../node/database.js';
import { migrate } from '../node/migrate.js';

/**
 * With DATABASE_URL set (CI's PostgreSQL run), the suites need that server: fail at once with a clear
 * message when it cannot be reached, and install pg_trgm in public once, before the files run in
 * parallel (each in its own schema, see test-database.ts).
 */
export async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (!url) return providePgliteTemplate(project);
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(`PostgreSQL cannot be reached at ${url}: ${(error as Error).message}`);
  }
  try {
    await client.query('create extension if not exists pg_trgm schema public');
  } finally {
    await client.end();
  }
}

/**
 * PGlite's own initdb takes one to two seconds and the migrations a third of one; each of about a hundred
 * test databases then loads this dump of one migrated database instead, in about half a second.
 */
async function providePgliteTemplate(project: TestProject) {
  const folder = mkdtempSync(join(tmpdir(), 'api-pglite-template-'));
  const dataDir = join(folder, 'data');
  const database = await openDatabase({ pgliteDir: dataDir });
  try {
    await migrate(database);
  } finally {
    await database.close();
  }
  const client = await PGlite.create({ dataDir, extensions: { pg_trgm } });
  const file = join(folder, 'migrated.tar');
  try {
    writeFileSync(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  } finally {
    await client.close();
  }
  project.provide('pgliteTemplate', file);
  return () => rmSync(folder, { recursive: true, force: true });
}
