import type { Condition, Filter, Scalar } from '@portal/list-query';
import { type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import { badRequest } from '../http/api-error.js';
import type { ListField, ListRequest, ListResource } from './list-resource.js';

/**
 * Totals are exact up to this many rows. Beyond it an exact count is not worth its cost on a large table
 * (counting most of a million rows reads most of them on every page turn), so the total is the planner's
 * estimate and the table shows it as "about N".
 */
export const EXACT_COUNT_LIMIT = 1_000;

export interface ListPage<T> {
  items: T[];
  page: number;
  limit: number;
  /** Exact when totalEstimated is false; otherwise the database's estimate (more than EXACT_COUNT_LIMIT). */
  total: number;
  totalEstimated: boolean;
}

type SqlValue = string | number | boolean | Date;

/** Escapes LIKE's wildcards inside a user's value, so `50%` means the text "50%". */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** Turns a parsed value into the field's type, or answers 400 with INVALID_VALUE. */
function coerce(name: string, field: ListField, value: Scalar): SqlValue {
  const invalid = () => badRequest('INVALID_VALUE', `'${String(value)}' is not a valid value for '${name}'`);
  switch (field.type) {
    case 'text':
      return value instanceof Date ? value.toISOString() : String(value);
    case 'integer':
      if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
      throw invalid();
    case 'date': {
      const date = value instanceof Date ? value : new Date(String(value));
      if (typeof value === 'number' || Number.isNaN(date.getTime())) throw invalid();
      return date;
    }
    case 'boolean':
      if (value === 'true' || value === 'false') return value === 'true';
      throw invalid();
    case 'enum':
      if (typeof value === 'string' && field.values?.includes(value)) return value;
      throw invalid();
    case 'textArray': {
      const text = value instanceof Date ? value.toISOString() : String(value);
      if (field.values && !field.values.includes(text)) throw invalid();
      return text;
    }
  }
}

/** A text[] filter: equal has every given value (`@>`), not lacks at least one of them. */
function arrayFilterSql(name: string, column: RawBuilder<unknown>, filter: Filter, list: SqlValue[]) {
  const values = sql`array[${sql.join(list)}]::text[]`;
  switch (filter.type) {
    case 'equal':
    case 'like':
      return sql<SqlBool>`${column} @> ${values}`;
    case 'not':
      return sql<SqlBool>`not coalesce(${column} @> ${values}, false)`;
    default:
      throw badRequest('INVALID_FILTER_TYPE', `'${name}' does not take the filter '${filter.type}'`);
  }
}

function filterSql(name: string, field: ListField, filter: Filter): RawBuilder<SqlBool> {
  const column = sql.ref(field.column);
  const list = (Array.isArray(filter.value) ? filter.value : [filter.value]).map((v) =>
    coerce(name, field, v),
  );
  const [first] = list;
  if (first === undefined) throw badRequest('INVALID_VALUE', `'${name}' needs a value`);
  if (field.type === 'textArray') return arrayFilterSql(name, column, filter, list);
  const scalar = () => {
    if (list.length > 1) throw badRequest('INVALID_VALUE', `'${name}' takes one value for '${filter.type}'`);
    return first;
  };
  switch (filter.type) {
    case 'equal':
    case 'like':
      return list.length === 1 ? sql`${column} = ${first}` : sql`${column} in (${sql.join(list)})`;
    case 'not':
      return list.length === 1
        ? sql`${column} is distinct from ${first}`
        : sql`(${column} is null or ${column} not in (${sql.join(list)}))`;
    case 'gt':
      return sql`${column} > ${scalar()}`;
    case 'gte':
      return sql`${column} >= ${scalar()}`;
    case 'lt':
      return sql`${column} < ${scalar()}`;
    case 'lte':
      return sql`${column} <= ${scalar()}`;
    case 'starts':
      return sql`${column} ilike ${`${escapeLike(String(scalar()))}%`}`;
    case 'ends':
      return sql`${column} ilike ${`%${escapeLike(String(scalar()))}`}`;
    case 'contains':
      return sql`${column} ilike ${`%${escapeLike(String(scalar()))}%`}`;
  }
}

/** The SQL of a condition tree (spec §3 where + whereMulti), every value a bound parameter. */
export function conditionSql(condition: Condition, resource: ListResource): RawBuilder<SqlBool> {
  switch (condition.kind) {
    case 'and':
    case 'or': {
      if (condition.conditions.length === 0) return sql<SqlBool>`true`;
      const parts = condition.conditions.map((child) => conditionSql(child, resource));
      return sql<SqlBool>`(${sql.join(parts, condition.kind === 'and' ? sql` and ` : sql` or `)})`;
    }
    case 'search': {
      const pattern = `%${escapeLike(condition.text)}%`;
      const parts = resource.searchColumns.map((column) => sql`${sql.ref(column)} ilike ${pattern}`);
      return sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
    }
    case 'filter': {
      const field = resource.fields[condition.field];
      if (!field) throw badRequest('UNKNOWN_FIELD', `Cannot filter by '${condition.field}'`);
      return filterSql(condition.field, field, condition.filter);
    }
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
  const key = sql.ref(resource.tieBreaker);
  const ordered = <Q extends SelectQueryBuilder<DB, TB, unknown>>(query: Q): Q =>
    request.order.reduce((q, sort) => q.orderBy(sql.ref(sort.column), sort.direction) as Q, query);
  // The inner query's one output column is named as the tie-breaker's column: ORDER BY reads a bare name
  // as an output column first, so any other alias would shadow a sort column of that name (a tooltip's key).
  const keyName = resource.tieBreaker.slice(resource.tieBreaker.lastIndexOf('.') + 1);
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
