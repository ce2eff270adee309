import type { Kysely } from 'kysely';
import type { DB } from '../schema.js';
import { seedDemo } from './demo-seed.js';

/** Seeds the demo once: only into a database that has no users yet. Returns whether it seeded. */
export async function seedIfEmpty(db: Kysely<DB>): Promise<boolean> {
  const existing = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  await seedDemo(db);
  return true;
}
