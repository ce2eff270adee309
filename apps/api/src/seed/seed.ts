import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema.js';
import type { FileStorage } from '../storage/file-storage.js';
import { type DemoSeedOptions, seedDemo } from './demo-seed.js';

/**
 * Seeds the demo once: only into a database that has no users yet. Returns whether it seeded. Its documents
 * go to `storage`, the store the API of that database serves them from.
 */
export async function seedIfEmpty(
  db: Kysely<DB>,
  storage: FileStorage,
  options: DemoSeedOptions = {},
): Promise<boolean> {
  const existing = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  await seedDemo(db, storage, options);
  // The next OBP number a confirmation takes comes after the demo's (migration 0004).
  await sql`select setval('obp_number_seq', greatest(1, (
    select coalesce(max(substring(obp_number from 2)::int), 0) from organisations where obp_number ~ '^C[0-9]+$'
  )))`.execute(db);
  return true;
}
