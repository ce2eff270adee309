import { type CheckedCondition, columnOf, type ListPage } from '@portal/list-query';
import {
  CompiledQuery,
  type Expression,
  type Kysely,
  type OperationNode,
  type PrimitiveValueListNode,
  type RawBuilder,
  type SelectQueryBuilder,
  type SqlBool,
  sql,
  ValueNode,
} from 'kysely';
import { compileWithSources, type ParameterSource } from '../db/query-compiler.js';
import type { ListRequest, ListResource } from '../http/list-request.js';

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

/**
 * How a request's value goes into the SQL: as it is (a parameter Kysely makes), or as a BoundValue, whose
 * node the list's cache (listQueries) finds again among the compiled query's parameters.
 */
export type Param = <T>(value: T) => T | Expression<T>;

const asIs: Param = (value) => value;

/** A value bound as a parameter through a node of its own, so the compiled query tells where it went. */
class BoundValue<T> implements Expression<T> {
  readonly node: OperationNode;

  constructor(value: T) {
    this.node = ValueNode.create(value);
  }

  get expressionType(): T | undefined {
    return undefined;
  }

  toOperationNode(): OperationNode {
    return this.node;
  }
}

/** The count's cap, the one parameter of a list's SQL that is neither the base's nor the request's. */
const COUNT_CAP = new BoundValue(EXACT_COUNT_LIMIT + 1);

/** The values a filter binds, in the order its SQL (filterSql) reads them. */
function filterValues(condition: FilterCondition): unknown[] {
  const { values } = condition;
  if (condition.definition.type === 'textArray') return values;
  const text = () => escapeLike(String(values[0]));
  switch (condition.type) {
    case 'starts':
      return [`${text()}%`];
    case 'ends':
      return [`%${text()}`];
    case 'contains':
      return [`%${text()}%`];
    case 'equal':
    case 'like':
    case 'not':
      return values;
    default:
      return values.slice(0, 1);
  }
}

/** A search's pattern: the text anywhere in a field. */
const searchPattern = (text: string) => `%${escapeLike(text)}%`;

/** A text[] filter: equal has every given value (`@>`), not lacks at least one of them. */
function arrayFilterSql(column: RawBuilder<unknown>, condition: FilterCondition, bound: unknown[]) {
  const values = sql`array[${sql.join(bound)}]::text[]`;
  return condition.type === 'not'
    ? sql<SqlBool>`not coalesce(${column} @> ${values}, false)`
    : sql<SqlBool>`${column} @> ${values}`;
}

/** One filter; its field, operator and values were checked against the declaration (checkListRequest). */
function filterSql(condition: FilterCondition, param: Param): RawBuilder<SqlBool> {
  const column = sql.ref(columnOf(condition.field, condition.definition));
  const bound = filterValues(condition).map((value) => param(value));
  if (condition.definition.type === 'textArray') return arrayFilterSql(column, condition, bound);
  const [first] = bound;
  switch (condition.type) {
    case 'equal':
    case 'like':
      return bound.length === 1 ? sql`${column} = ${first}` : sql`${column} in (${sql.join(bound)})`;
    case 'not':
      return bound.length === 1
        ? sql`${column} is distinct from ${first}`
        : sql`(${column} is null or ${column} not in (${sql.join(bound)}))`;
    case 'gt':
      return sql`${column} > ${first}`;
    case 'gte':
      return sql`${column} >= ${first}`;
    case 'lt':
      return sql`${column} < ${first}`;
    case 'lte':
      return sql`${column} <= ${first}`;
    case 'starts':
    case 'ends':
    case 'contains':
      return sql`${column} ilike ${first}`;
  }
}

/**
 * The SQL of a condition tree (spec §3 where + whereMulti), every value a bound parameter through `param`.
 * Its text depends on the condition's kinds, fields, operators and numbers of values, and on nothing
 * else: runList's cache keys the SQL by them (shapeOf).
 */
export function conditionSql(
  condition: CheckedCondition,
  resource: ListResource,
  param: Param = asIs,
): RawBuilder<SqlBool> {
  switch (condition.kind) {
    case 'and':
    case 'or': {
      if (condition.conditions.length === 0) return sql<SqlBool>`true`;
      const parts = condition.conditions.map((child) => conditionSql(child, resource, param));
      return sql<SqlBool>`(${sql.join(parts, condition.kind === 'and' ? sql` and ` : sql` or `)})`;
    }
    case 'search': {
      const pattern = param(searchPattern(condition.text));
      const parts = resource.searchFields.map(
        (name) => sql`${sql.ref(columnOf(name, resource.fields[name]))} ilike ${pattern}`,
      );
      return sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
    }
    case 'filter':
      return filterSql(condition, param);
  }
}

/** The request's own parts of a list's SQL: its WHERE, limit and offset, the values through `param`. */
function requestParts(request: ListRequest, resource: ListResource, param: Param) {
  return {
    where: conditionSql(request.condition, resource, param),
    limit: param(request.limit),
    offset: param((request.page - 1) * request.limit),
  };
}

/**
 * A condition's shape (everything of it conditionSql's text depends on) and its values in the order
 * conditionSql binds them (children in order; a filter's as filterValues says).
 */
function conditionShape(condition: CheckedCondition, values: unknown[]): string {
  switch (condition.kind) {
    case 'and':
    case 'or': {
      const children = condition.conditions.map((child) => conditionShape(child, values));
      return `${condition.kind}(${children.join(',')})`;
    }
    case 'search':
      values.push(searchPattern(condition.text));
      return 'search';
    case 'filter':
      values.push(...filterValues(condition));
      return `${JSON.stringify(condition.field)} ${condition.type} ${condition.values.length}`;
  }
}

/**
 * A request's shape (its condition's, and its order) and its values, in the order requestParts binds
 * them: runList's cache reads a request's SQL by its shape and fills the values in.
 */
function shapeOf(request: ListRequest): { shape: string; values: unknown[] } {
  const values: unknown[] = [];
  const condition = conditionShape(request.condition, values);
  values.push(request.limit, (request.page - 1) * request.limit);
  const order = request.order
    .map((sort) => `${JSON.stringify(sort.column)} ${sort.direction}${sort.emptyLast ? ' nulls last' : ''}`)
    .join(',');
  return { shape: `${condition} order ${order}`, values };
}

/**
 * A query ordered by the request's keys. A key whose field sorts its empty values last says so in both
 * directions (PostgreSQL puts nulls first when descending); the others keep the plain order an index serves.
 */
export function orderedBy<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  order: ListRequest['order'],
): SelectQueryBuilder<DB, TB, O> {
  return order.reduce(
    (q, sort) =>
      q.orderBy(sql.ref(sort.column), (item) => {
        const directed = sort.direction === 'desc' ? item.desc() : item.asc();
        return sort.emptyLast ? directed.nullsLast() : directed;
      }),
    query,
  );
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
  param: Param = asIs,
) {
  const { where, limit, offset } = requestParts(request, resource, param);
  const tieBreaker = columnOf(resource.tieBreaker, resource.fields[resource.tieBreaker]);
  const key = sql.ref(tieBreaker);
  const ordered = <Q extends SelectQueryBuilder<DB, TB, unknown>>(query: Q): Q =>
    orderedBy(query, request.order) as Q;
  // The inner query's one output column is named as the tie-breaker's column: ORDER BY reads a bare name
  // as an output column first, so any other alias would shadow a sort column of that name (a tooltip's key).
  const keyName = tieBreaker.slice(tieBreaker.lastIndexOf('.') + 1);
  const pageKeys = ordered(base.clearSelect().select(key.as(keyName)).where(where))
    .limit(limit)
    .offset(offset);
  const items = ordered(base.where(sql<boolean>`${key} in (${pageKeys})`));
  const matching = base.clearSelect().select(sql<number>`1`.as('one')).where(where);
  const count = sql<{
    total: string | number;
  }>`select count(*) as total from (${matching.limit(COUNT_CAP)}) as counted`;
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

type Compiled = ReturnType<typeof CompiledQuery.raw>;

/** The compiled queries of one list request. */
export interface ListQueries {
  items: Compiled;
  count: Compiled;
  estimate: Compiled;
}

/** Where a cached query's parameter comes from: the base query's, the request's, or the count's cap. */
type Slot = { from: 'base' | 'request'; index: number } | { from: 'fixed'; value: unknown };

/** A list query's SQL for one request shape, and where each of its parameters comes from. */
interface CachedQuery {
  sql: string;
  slots: Slot[];
}

type CachedList = Record<keyof ListQueries, CachedQuery>;

/** Request shapes kept per list; beyond, the oldest is dropped (a client can make any number of shapes). */
const MAX_SHAPES = 200;

/**
 * The SQL of a list request is built (Kysely's query builder) and compiled once per shape: its
 * base query's SQL, condition tree and order. A later request of the same shape compiles only its base
 * (the rows' query, whose parameters can be the caller's: a queue's assignee, its time) and fills the
 * cached queries' parameters in: a list request of the bench spent more time building and compiling its
 * three queries than the database spent on the cheaper ones.
 */
const cachedShapes = new WeakMap<ListResource, Map<string, CachedList>>();

/** The compiled queries of a list request: filled in from its shape's cache, else built (and cached). */
export function listQueries<DB, TB extends keyof DB & string, O>(
  db: Kysely<DB>,
  base: SelectQueryBuilder<DB, TB, O>,
  request: ListRequest,
  resource: ListResource,
): ListQueries {
  const baseQuery = base.compile();
  const { shape, values } = shapeOf(request);
  const key = `${baseQuery.sql}\u0000${shape}`;
  let shapes = cachedShapes.get(resource);
  if (!shapes) {
    shapes = new Map();
    cachedShapes.set(resource, shapes);
  }
  const cached = shapes.get(key);
  if (cached) {
    const fill = ({ sql, slots }: CachedQuery) =>
      CompiledQuery.raw(
        sql,
        slots.map((slot) =>
          slot.from === 'fixed'
            ? slot.value
            : (slot.from === 'base' ? baseQuery.parameters : values)[slot.index],
        ),
      );
    return { items: fill(cached.items), count: fill(cached.count), estimate: fill(cached.estimate) };
  }
  const built = buildAndCompile(db, base, request, resource, values);
  if (built.cached) {
    if (shapes.size >= MAX_SHAPES) shapes.delete(shapes.keys().next().value ?? '');
    shapes.set(key, built.cached);
  }
  return built.queries;
}

/**
 * Builds and compiles a request's queries, each request value through a node of its own, and tells where
 * each parameter comes from (what its shape's cache holds), unless one cannot be told. `values` are the
 * request's as shapeOf read them, which must be the ones the queries bound, in the same order.
 */
function buildAndCompile<DB, TB extends keyof DB & string, O>(
  db: Kysely<DB>,
  base: SelectQueryBuilder<DB, TB, O>,
  request: ListRequest,
  resource: ListResource,
  values: unknown[],
): { queries: ListQueries; cached?: CachedList } {
  const requestNodes = new Map<OperationNode, number>();
  const bound: unknown[] = [];
  const built = buildListQueries(base, request, resource, (value) => {
    const node = new BoundValue(value);
    requestNodes.set(node.node, bound.length);
    bound.push(value);
    return node;
  });
  const items = compileWithSources(() => built.items.compile());
  const count = compileWithSources(() => built.count.compile(db));
  const estimate = compileWithSources(() => built.estimate.compile(db));
  const queries = { items: items.query, count: count.query, estimate: estimate.query };
  const sameValues = bound.length === values.length && bound.every((value, index) => value === values[index]);
  const baseSources = compileWithSources(() => base.compile()).sources;
  const basePlaces = sameValues && baseSources && placesOf(baseSources);
  if (!basePlaces) return { queries };
  const cachedOf = (query: Compiled, sources: ParameterSource[] | undefined): CachedQuery | undefined => {
    const slots = sources?.map((source): Slot | undefined => {
      if (source === COUNT_CAP.node) return { from: 'fixed', value: EXACT_COUNT_LIMIT + 1 };
      const fromRequest = isValueSource(source) ? requestNodes.get(source) : undefined;
      if (fromRequest !== undefined) return { from: 'request', index: fromRequest };
      const fromBase = basePlaces.get(sourceKey(source));
      return fromBase === undefined ? undefined : { from: 'base', index: fromBase };
    });
    return slots?.every((slot) => slot !== undefined) ? { sql: query.sql, slots } : undefined;
  };
  const cached = {
    items: cachedOf(items.query, items.sources),
    count: cachedOf(count.query, count.sources),
    estimate: cachedOf(estimate.query, estimate.sources),
  };
  return cached.items && cached.count && cached.estimate
    ? { queries, cached: { items: cached.items, count: cached.count, estimate: cached.estimate } }
    : { queries };
}

const isValueSource = (source: ParameterSource): source is OperationNode => !Array.isArray(source);

/** One key per source: a value's node itself, a value list's node with the value's place in it. */
const listPlaceKeys = new WeakMap<PrimitiveValueListNode, object[]>();
function sourceKey(source: ParameterSource): object {
  if (isValueSource(source)) return source;
  const [list, place] = source;
  let keys = listPlaceKeys.get(list);
  if (!keys) {
    keys = list.values.map(() => ({}));
    listPlaceKeys.set(list, keys);
  }
  return keys[place] ?? list;
}

/**
 * Each base parameter's place by its source; undefined when a source comes twice (in another base of the
 * same SQL its places could hold different values, so which one a list query reads cannot be told).
 */
function placesOf(sources: ParameterSource[]): Map<object, number> | undefined {
  const places = new Map<object, number>();
  for (const [place, source] of sources.entries()) {
    const key = sourceKey(source);
    if (places.has(key)) return undefined;
    places.set(key, place);
  }
  return places;
}

/** Runs a list request against a base query (its FROM and any joins): the page and its total. */
export async function runList<DB, TB extends keyof DB & string, O>(
  db: Kysely<DB>,
  base: SelectQueryBuilder<DB, TB, O>,
  request: ListRequest,
  resource: ListResource,
): Promise<ListPage<O>> {
  const queries = listQueries(db, base, request, resource);
  const [items, counted] = await Promise.all([
    db.executeQuery(queries.items as CompiledQuery<O>),
    db.executeQuery(queries.count as CompiledQuery<{ total: string | number }>),
  ]);
  const exact = Number(counted.rows[0]?.total ?? 0);
  const page = { items: items.rows, page: request.page, limit: request.limit };
  if (exact <= EXACT_COUNT_LIMIT) return { ...page, total: exact, totalEstimated: false };
  const estimated = plannedRows(await db.executeQuery(queries.estimate));
  return { ...page, total: Math.max(estimated, EXACT_COUNT_LIMIT + 1), totalEstimated: true };
}
