import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database.js';
import { FILE_REFERENCES } from './file-references.js';

describe('FILE_REFERENCES', () => {
  it("lists exactly the database's foreign keys to stored_files", async () => {
    const database = await createTestDatabase();
    try {
      const { rows } = await sql<{ table: string; column: string }>`
        select cl.relname as "table", a.attname as "column"
        from pg_constraint c
        join pg_class cl on cl.oid = c.conrelid
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
        where c.contype = 'f' and c.confrelid = 'stored_files'::regclass`.execute(database.db);
      const key = (row: { table: string; column: string }) => `${row.table}.${row.column}`;
      expect(rows.map(key).sort()).toEqual(FILE_REFERENCES.map(key).sort());
    } finally {
      await database.close();
    }
  });
});
