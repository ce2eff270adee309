import { METRICS_COMPANY_LIST, type MetricsCompanyRow, reviewerMovesFrom } from '@portal/contracts';
import { iso, type Stage } from '@portal/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { ListRequest } from '../../http/list-request.js';
import { conditionSql, type ListPage, orderedBy, runList } from '../../list/list-sql.js';

/**
 * The per-company table's rows before the list's filters and order: each organisation with its test runs
 * summed up on its own row (migration 0018, kept current by triggers on test_runs), every column named as
 * METRICS_COMPANY_LIST's field, in a derived table `companies` so the list's SQL reads plain names. Issue
 * 24 item 1: every sortable column has an index ending with the tie-breaker, so a page of a million
 * companies sorted by any of them reads one index range.
 */
export function metricsCompanyQuery(db: Kysely<DB>) {
  const rows = db
    .selectFrom('organisations')
    .select([
      'organisations.id as id',
      'organisations.obpNumber as obpNumber',
      'organisations.legalName as legalName',
      'organisations.email as email',
      'organisations.stage as stage',
      'organisations.version as version',
      'organisations.lastRunAt as lastRunAt',
      'organisations.passRateIte as passRateIte',
      'organisations.passRateIqe as passRateIqe',
      'organisations.passRatePrd as passRatePrd',
    ]);
  return db.selectFrom(rows.as('companies')).selectAll();
}

type CompanyQuery = ReturnType<typeof metricsCompanyQuery>;
type StoredCompanyRow = Awaited<ReturnType<CompanyQuery['executeTakeFirstOrThrow']>>;

/** The database handle that knows the derived table `companies` by its row type (for the list's SQL). */
export const withCompanies = (db: Kysely<DB>) => db.withTables<{ companies: StoredCompanyRow }>();

/** A stored row as the API answers it, with what a reviewer may do from its stage. */
export function companyRowOf(row: StoredCompanyRow): MetricsCompanyRow {
  const rate = (value: number | string | null) => (value === null ? null : Number(value));
  return {
    id: row.id,
    obpNumber: row.obpNumber,
    legalName: row.legalName,
    email: row.email,
    stage: row.stage as Stage,
    version: row.version,
    lastRunAt: iso(row.lastRunAt),
    passRateIte: rate(row.passRateIte),
    passRateIqe: rate(row.passRateIqe),
    passRatePrd: rate(row.passRatePrd),
    allowedMoves: reviewerMovesFrom(row.stage as Stage),
  };
}

/** GET /api/metrics/companies: a page of the per-company table. */
export async function listMetricsCompanies(
  db: Kysely<DB>,
  request: ListRequest,
): Promise<ListPage<MetricsCompanyRow>> {
  const page = await runList(withCompanies(db), metricsCompanyQuery(db), request, METRICS_COMPANY_LIST);
  return { ...page, items: page.items.map(companyRowOf) };
}

/**
 * Every row the list request matches, in its order (paging ignored): the CSV export's query. The same
 * WHERE and ORDER BY as the list's page (list-sql conditionSql, the request's order ending with the
 * tie-breaker).
 */
export function metricsCompanyExportQuery(db: Kysely<DB>, request: ListRequest) {
  const filtered = metricsCompanyQuery(db).where(conditionSql(request.condition, METRICS_COMPANY_LIST));
  return orderedBy(filtered, request.order);
}
