import { Readable } from 'node:stream';
import { METRICS_COMPANY_CSV_HEADER, metricsCompanyCsvLine } from '@portal/contracts';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { ListRequest } from '../../http/list-request.js';
import { companyRowOf, metricsCompanyExportQuery } from './metrics-companies-list.js';

/** Rows fetched from the cursor at a time: memory stays flat whatever the export's size. */
export const EXPORT_BATCH = 500;

/**
 * The CSV's lines: the header, then every matching company, read through a server-side cursor inside one
 * read-only transaction (the same snapshot from first to last row, EXPORT_BATCH rows in memory at a time;
 * PostgreSQL and PGlite alike). When the reader goes away the generator is returned and the transaction
 * rolled back.
 */
export async function* metricsCompanyCsv(db: Kysely<DB>, request: ListRequest): AsyncGenerator<string> {
  yield METRICS_COMPANY_CSV_HEADER;
  const trx = await db.startTransaction().setAccessMode('read only').execute();
  try {
    const query = metricsCompanyExportQuery(trx, request);
    await sql`declare metrics_company_export no scroll cursor for ${query}`.execute(trx);
    type Stored = Parameters<typeof companyRowOf>[0];
    for (;;) {
      const { rows } =
        await sql<Stored>`fetch forward ${sql.lit(EXPORT_BATCH)} from metrics_company_export`.execute(trx);
      if (rows.length === 0) break;
      yield rows.map((row) => metricsCompanyCsvLine(companyRowOf(row))).join('');
    }
    await trx.commit().execute();
  } finally {
    if (!trx.isCommitted && !trx.isRolledBack) await trx.rollback().execute();
  }
}

/** The export as a byte stream for the reply. */
export const metricsCompanyCsvStream = (db: Kysely<DB>, request: ListRequest): Readable =>
  Readable.from(metricsCompanyCsv(db, request));
