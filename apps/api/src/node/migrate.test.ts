import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeWithPostgres } from '../test/describe-with-postgres.js';
import { createScratchSchema, createTestDatabase } from '../test/test-database.js';
import { type Database, openDatabase } from './database.js';
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

describeWithPostgres('migrate, from two instances at once on a new database', () => {
  it('applies every migration once, and neither instance fails', async () => {
    const all = readMigrations().map((migration) => migration.name);
    // Several rounds: the race it guards against (both creating schema_migrations) depends on timing.
    for (let round = 0; round < 5; round += 1) {
      const schema = await createScratchSchema(process.env.DATABASE_URL ?? '');
      const [a, b] = await Promise.all([
        openDatabase({ databaseUrl: schema.url, poolSize: 1 }),
        openDatabase({ databaseUrl: schema.url, poolSize: 1 }),
      ]);
      try {
        const [ranByA, ranByB] = await Promise.all([migrate(a), migrate(b)]);
        expect([...ranByA, ...ranByB].sort()).toEqual(all);
      } finally {
        await Promise.all([a.close(), b.close()]);
        await schema.drop();
      }
    }
  });
});
