import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { applyMigrations, type Migration } from '../db/apply-migrations.js';
import type { Database } from '../db/database-handle.js';

export type { Migration } from '../db/apply-migrations.js';

/** The SQL files of `migrations/`, in name order (0001_…, 0002_…). */
export function readMigrations(
  dir = fileURLToPath(new URL('../db/migrations/', import.meta.url)),
): Migration[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => ({ name: file.replace(/\.sql$/, ''), script: readFileSync(`${dir}${file}`, 'utf8') }));
}

/** Applies the migrations of `migrations/` not yet applied (apply-migrations.ts); returns the names applied. */
export function migrate(
  database: Database,
  migrations: readonly Migration[] = readMigrations(),
): Promise<string[]> {
  return applyMigrations(database, migrations);
}
