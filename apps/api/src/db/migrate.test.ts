import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database.js';
import type { Database } from './database.js';
import { migrate, readMigrations } from './migrate.js';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('migrate', () => {
  it('applies nothing twice', async () => {
    expect(await migrate(database)).toEqual([]);
    const names = await sql<{ name: string }>`select name from schema_migrations order by name`.execute(
      database.db,
    );
    expect(names.rows.map((row) => row.name)).toEqual(readMigrations().map((migration) => migration.name));
  });

  it('rolls a failing migration back whole and records nothing', async () => {
    const broken = [
      ...readMigrations(),
      { name: '9999_broken', script: 'create table half_done (id int); select * from no_such_table;' },
    ];
    await expect(migrate(database, broken)).rejects.toThrow(/9999_broken/);
    const table = await sql<{ name: string | null }>`select to_regclass('half_done')::text as name`.execute(
      database.db,
    );
    expect(table.rows[0]?.name).toBeNull();
    const recorded = await sql`select 1 from schema_migrations where name = '9999_broken'`.execute(
      database.db,
    );
    expect(recorded.rows).toHaveLength(0);
  });
});
