import { type CheckedCondition, columnOf, type ListPage } from '@portal/list-query';
import { type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { ListRequest, ListResource } from './list-resource.js';

/**
 * Totals are exact up to this many rows. Beyond it an exact count is not worth its cost on a large table
 * (counting most of a million rows reads most of them on every page turn), so the total is the planner's
 * estimate and the table shows it as "about N".
 */
export const EXACT_COUNT_LIMIT = 1_000;

/** A page and its total: exact when totalEstimated is false, else the estimate (over EXACT_COUNT_LIMIT). */
export type { ListPage } from '@portal/list-query';

/** Escapes LIKE's wildcards inside a user's value, so `50%` means the text "50%". */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

type FilterCondition = Extract<CheckedCondition, { kind: 'filter' }>;

/** A text[] filter: equal has every given value (`@>`), not lacks at least one of them. */
function arrayFilterSql(column: RawBuilder<unknown>, condition: FilterCondition) {
  const values = sql`array[${sql.join(condition.values)}]::text[]`;
  return condition.type === 'not'
    ? sql<SqlBool>`not coalesce(${column} @> ${values}, false)`
    : sql<SqlBool>`${column} @> ${values}`;
}

/** One filter; its field, operator and values were checked against the declaration (checkListRequest). */
function filterSql(condition: FilterCondition): RawBuilder<SqlBool> {
  const column = sql.ref(columnOf(condition.field, condition.definition));
  if (condition.definition.type === 'textArray') return arrayFilterSql(column, condition);
  const { values } = condition;
  const [first] = values;
  switch (condition.type) {
    case 'equal':
    case 'like':
      return values.length === 1 ? sql`${column} = ${first}` : sql`${column} in (${sql.join(values)})`;
    case 'not':
      return values.length === 1
        ? sql`${column} is distinct from ${first}`
        : sql`(${column} is null or ${column} not in (${sql.join(values)}))`;
    case 'gt':
      return sql`${column} > ${first}`;
    case 'gte':
      return sql`${column} >= ${first}`;
    case 'lt':
      return sql`${column} < ${first}`;
    case 'lte':
      return sql`${column} <= ${first}`;
    case 'starts':
      return sql`${column} ilike ${`${escapeLike(String(first))}%`}`;
    case 'ends':
      return sql`${column} ilike ${`%${escapeLike(String(first))}`}`;
    case 'contains':
      return sql`${column} ilike ${`%${escapeLike(String(first))}%`}`;
  }
}

/** The SQL of a condition tree (spec §3 where + whereMulti), every value a bound parameter. */
export function conditionSql(condition: CheckedCondition, resource: ListResource): RawBuilder<SqlBool> {
  switch (condition.kind) {
    case 'and':
    case 'or': {
      if (condition.conditions.length === 0) return sql<SqlBool>`true`;
      const parts = condition.conditions.map((child) => conditionSql(child, resource));
      return sql<SqlBool>`(${sql.join(parts, condition.kind === 'and' ? sql` and ` : sql` or `)})`;
    }
    case 'search': {
      const pattern = `%${escapeLike(condition.text)}%`;
      const parts = resource.searchFields.map(
        (name) => sql`${sql.ref(columnOf(name, resource.fields[name]))} ilike ${pattern}`,
      );
      return sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
    }
    case 'filter':
      return filterSql(condition);
  }
}

/**
 * The queries of a list request, sharing one parameterised WHERE:
 * - items: the page, as a deferred join (the inner query finds the page's keys, often from an index alone,
 *   the outer one reads only those rows), so a deep page does not read every row it skips;
 * - count: an exact count that stops after EXACT_COUNT_LIMIT + 1 rows;
 * - estimate: the planner's row estimate for the same WHERE, used when the count stops.
 */
export function buildListQueries<DB, TB extends keyof DB & string, O>(
  base: SelectQueryBuilder<DB, TB, O>,
  request: ListRequest,
  resource: ListResource,
) {
  const where = conditionSql(request.condition, resource);
  const tieBreaker = columnOf(resource.tieBreaker, resource.fields[resource.tieBreaker]);
  const key = sql.ref(tieBreaker);
  const ordered = <Q extends SelectQueryBuilder<DB, TB, unknown>>(query: Q): Q =>
    request.order.reduce((q, sort) => q.orderBy(sql.ref(sort.column), sort.direction) as Q, query);
  // The inner query's one output column is named as the tie-breaker's column: ORDER BY reads a bare name
  // as an output column first, so any other alias would shadow a sort column of that name (a tooltip's key).
  const keyName = tieBreaker.slice(tieBreaker.lastIndexOf('.') + 1);
  const pageKeys = ordered(base.clearSelect().select(key.as(keyName)).where(where))
    .limit(request.limit)
    .offset((request.page - 1) * request.limit);
  const items = ordered(base.where(sql<boolean>`${key} in (${pageKeys})`));
  const matching = base.clearSelect().select(sql<number>`1`.as('one')).where(where);
  const count = sql<{
    total: string | number;
  }>`select count(*) as total from (${matching.limit(EXACT_COUNT_LIMIT + 1)}) as counted`;
  const estimate = sql<{ plan: unknown }>`explain (format json) ${matching}`;
  return { items, count, estimate };
}

/** The planner's row estimate out of EXPLAIN (FORMAT JSON), which pg and PGlite parse, or leave as text. */
function plannedRows(result: { rows: Array<Record<string, unknown>> }): number {
  const cell = Object.values(result.rows[0] ?? {})[0];
  const plan = typeof cell === 'string' ? JSON.parse(cell) : cell;
  const rows = Array.isArray(plan) ? plan[0]?.Plan?.['Plan Rows'] : undefined;
  return typeof rows === 'number' ? Math.round(rows) : 0;
}

/** Runs a list request against a base query (its FROM and any joins): the page and its total. */
export async function runList<DB, TB extends keyof DB & string, O>(
  db: Kysely<DB>,
  base: SelectQueryBuilder<DB, TB, O>,
  request: ListRequest,
  resource: ListResource,
): Promise<ListPage<O>> {
  const queries = buildListQueries(base, request, resource);
  const [items, counted] = await Promise.all([queries.items.execute(), queries.count.execute(db)]);
  const exact = Number(counted.rows[0]?.total ?? 0);
  const page = { items, page: request.page, limit: request.limit };
  if (exact <= EXACT_COUNT_LIMIT) return { ...page, total: exact, totalEstimated: false };
  const estimated = plannedRows(await queries.estimate.execute(db));
  return { ...page, total: Math.max(estimated, EXACT_COUNT_LIMIT + 1), totalEstimated: true };
}
