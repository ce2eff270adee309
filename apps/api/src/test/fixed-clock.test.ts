import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database-handle.js';
import { createTestDatabase } from './test-database.js';

// The clock `npm run test:dates` sets (test/fixed-clock.ts): the code under test and the embedded database
// read the same set instant, so a test that passes under it passes on that day. PostgreSQL is a server of
// its own, on its own clock: the suites run under set clocks on PGlite.
const FIXED = process.env.PORTAL_TEST_NOW;

describe.runIf(FIXED && !process.env.DATABASE_URL)('the clock a run sets', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('starts at PORTAL_TEST_NOW and runs on, for Date and for the database alike', async () => {
    const start = Date.parse(FIXED ?? '');
    const now = Date.now();
    expect(now).toBeGreaterThanOrEqual(start);
    // The run started within the hour: every worker counts from the instant its first file began.
    expect(now - start).toBeLessThan(3_600_000);
    const made = new Date();
    expect(made.getTime()).toBeGreaterThanOrEqual(now);
    const { rows } = await sql<{ now: Date }>`select now() as now`.execute(database.db);
    expect(Math.abs(new Date(rows[0]?.now ?? 0).getTime() - Date.now())).toBeLessThan(60_000);
  });
});
