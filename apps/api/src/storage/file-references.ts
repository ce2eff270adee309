import { type Expression, type Kysely, type RawBuilder, sql } from 'kysely';
import type { DB } from '../db/schema.js';

/**
 * Every column that references stored_files (grep the migrations for `references stored_files`). The
 * admin deletes a file only when none of them names it (issue 13 item 3); file-references.test.ts checks
 * this list against the database's own foreign keys, so a migration that adds a reference fails that test
 * until the reference is listed here.
 */
export const FILE_REFERENCES = [
  { table: 'contacts', column: 'copy_of_proof_file_id' },
  { table: 'participation_agreements', column: 'signed_file_id' },
  { table: 'invoicing_information', column: 'form_file_id' },
  { table: 'agreement_templates', column: 'file_id' },
  { table: 'certificate_requests', column: 'file_id' },
] as const;

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
