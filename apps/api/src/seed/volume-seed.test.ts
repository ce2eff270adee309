import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database-handle.js';
import { createTestDatabase } from '../test/test-database.js';
import { seedVolume, seedVolumeChecks } from './volume-seed.js';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await seedVolume(database.db, 300);
});
afterAll(() => database.close());

const countOf = async (query: ReturnType<typeof sql<{ n: string }>>) =>
  Number((await query.execute(database.db)).rows[0]?.n);

describe('the volume seed (bench/api-list)', () => {
  it('writes the organisations and a check for each of their statuses past NOT_SUBMITTED', async () => {
    expect(await countOf(sql`select count(*) as n from organisations where obp_number like 'V%'`)).toBe(300);
    for (const [type, column] of [
      ['LEGITIMACY', sql.ref('legitimacy_status')],
      ['CONTRACTUAL', sql.ref('contractual_status')],
      ['FINANCIAL', sql.ref('financial_status')],
    ] as const) {
      const mismatched = await countOf(sql`
        select count(*) as n from organisations o
        left join checks c on c.organisation_id = o.id and c.type = ${type}
        where (c.id is null) <> (${column} = 'NOT_SUBMITTED') or c.status <> ${column}`);
      expect(mismatched, type).toBe(0);
    }
    const queue = await countOf(sql`
      select count(*) as n from checks
      where type = 'LEGITIMACY' and status in ('SUBMITTED', 'IN_REVIEW') and sla_due_at is not null`);
    expect(queue).toBeGreaterThan(0);
  });

  it('adds the checks to organisations seeded without them, once', async () => {
    await sql`delete from checks`.execute(database.db);
    expect(await seedVolumeChecks(database.db)).toBe(300);
    const after = await countOf(sql`select count(*) as n from checks`);
    expect(after).toBeGreaterThan(0);
    await seedVolumeChecks(database.db);
    expect(await countOf(sql`select count(*) as n from checks`)).toBe(after);
  });
});
