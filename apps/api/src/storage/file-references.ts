import { FILE_REFERENCES as DOMAIN_FILE_REFERENCES } from '@portal/domain';
import { type Expression, type Kysely, type RawBuilder, sql } from 'kysely';
import type { DB } from '../db/schema.js';

const snake = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/**
 * Every column that references stored_files: packages/domain FILE_REFERENCES, as the database names them. The
 * admin deletes a file only when none of them names it; file-references.test.ts checks this
 * list against the database's own foreign keys, so a migration that adds a reference fails that test until
 * the reference is listed in the domain.
 */
export const FILE_REFERENCES = DOMAIN_FILE_REFERENCES.map(({ table, column }) => ({
  table: snake(table),
  column: snake(column),
}));

/** How many records reference the file `fileId` names (a column or a value), as one SQL integer. */
export function referenceCountSql(fileId: Expression<string>): RawBuilder<number> {
  const counts = FILE_REFERENCES.map(
    ({ table, column }) =>
      sql`(select count(*) from ${sql.table(table)} where ${sql.ref(`${table}.${column}`)} = ${fileId})`,
  );
  return sql<number>`(${sql.join(counts, sql` + `)})::int`;
}

/** The reference count of one file, read in the caller's transaction. */
export async function referenceCountOf(db: Kysely<DB>, fileId: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`select ${referenceCountSql(sql.val(fileId))} as n`.execute(db);
  return Number(rows[0]?.n ?? 0);
}
