import {
  type CheckedCondition,
  type CheckedSortKey,
  checkListRequest,
  type ListField,
  type ListRequestError,
  type ListResource,
  type ListValue,
} from './list-resource.js';
import { getOwn } from './own-properties.js';
import type { QueryParamsInput } from './types.js';

/**
 * A list request over rows in memory, with the semantics of the API's SQL (apps/api list-sql.ts): mock
 * mode answers list screens with it, from the same declaration, so a filter means the same in both.
 */

/** The API's list answer: `{ items, page, limit, total, totalEstimated }`. */
export interface ListPage<T> {
  items: T[];
  page: number;
  limit: number;
  total: number;
  /** When true, total is an estimate (the API estimates above 1,000 rows; in memory it always counts). */
  totalEstimated: boolean;
}

export type InMemoryListResult<T> = { ok: true; page: ListPage<T> } | { ok: false; error: ListRequestError };

/** A row value or a filter value, reduced to something comparable: dates become milliseconds. */
type Comparable = string | number | boolean;

/** Reads a dotted path ('address.city') out of a row; anything missing is null, as a SQL column would be. */
export function readPath(row: unknown, path: string): unknown {
  let value: unknown = row;
  for (const segment of path.split('.')) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, segment)) return null;
    value = Reflect.get(value, segment);
  }
  return value ?? null;
}

const toComparable = (value: ListValue): Comparable => (value instanceof Date ? value.getTime() : value);

/** A row's value as the field's type, or null (a missing or unreadable value matches like a SQL null). */
function rowValue(row: unknown, path: string, field: ListField | undefined): Comparable | null {
  const value = readPath(row, path);
  if (field?.type === 'date') {
    const time =
      value instanceof Date ? value.getTime() : typeof value === 'string' ? Date.parse(value) : Number.NaN;
    return Number.isNaN(time) ? null : time;
  }
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return null;
}

const collator = new Intl.Collator('en');

function compare(a: Comparable, b: Comparable): number {
  if (typeof a === 'string' && typeof b === 'string') return collator.compare(a, b);
  // Numbers, dates (as milliseconds) and booleans (false before true).
  return Math.sign(Number(a) - Number(b)) || 0;
}

const lower = (value: Comparable | null) => (value === null ? undefined : String(value).toLowerCase());

type Predicate = (row: unknown) => boolean;

function filterPredicate(condition: Extract<CheckedCondition, { kind: 'filter' }>): Predicate {
  const { field: path, definition, type } = condition;
  const list = condition.values.map(toComparable);
  const first = toComparable(condition.values[0]);
  if (definition.type === 'textArray') {
    // The API's `@>`: equal holds every given value, not lacks at least one of them.
    const holdsAll = (row: unknown) => {
      const value = readPath(row, path);
      return Array.isArray(value) && list.every((wanted) => value.includes(wanted));
    };
    return type === 'not' ? (row) => !holdsAll(row) : holdsAll;
  }
  const value = (row: unknown) => rowValue(row, path, definition);
  const compared = (test: (c: number) => boolean) => (row: unknown) => {
    const v = value(row);
    return v !== null && test(compare(v, first));
  };
  const text = String(first).toLowerCase();
  // As in SQL: a null matches no comparison, and `not` (is distinct from) keeps it.
  switch (type) {
    case 'equal':
    case 'like':
      return (row) => {
        const v = value(row);
        return v !== null && list.includes(v);
      };
    case 'not':
      return (row) => {
        const v = value(row);
        return v === null || !list.includes(v);
      };
    case 'gt':
      return compared((c) => c > 0);
    case 'gte':
      return compared((c) => c >= 0);
    case 'lt':
      return compared((c) => c < 0);
    case 'lte':
      return compared((c) => c <= 0);
    case 'starts':
      return (row) => lower(value(row))?.startsWith(text) ?? false;
    case 'ends':
      return (row) => lower(value(row))?.endsWith(text) ?? false;
    case 'contains':
      return (row) => lower(value(row))?.includes(text) ?? false;
  }
}

function compile(condition: CheckedCondition, resource: ListResource): Predicate {
  switch (condition.kind) {
    case 'and':
    case 'or': {
      const parts = condition.conditions.map((child) => compile(child, resource));
      return condition.kind === 'and'
        ? (row) => parts.every((part) => part(row))
        : (row) => parts.length === 0 || parts.some((part) => part(row));
    }
    case 'search': {
      const text = condition.text.toLowerCase();
      return (row) =>
        resource.searchFields.some((path) => {
          const value = readPath(row, path);
          return typeof value === 'string' && value.toLowerCase().includes(text);
        });
    }
    case 'filter':
      return filterPredicate(condition);
  }
}

/** PostgreSQL's order: nulls count as larger than any value, so they come last ascending, first descending. */
function byKeys(keys: CheckedSortKey[], resource: ListResource) {
  return (a: unknown, b: unknown): number => {
    for (const key of keys) {
      // An own property only, as checkListRequest reads fields (an undeclared tie-breaker such as `id` has none).
      const field = getOwn(resource.fields, key.field);
      const x = rowValue(a, key.field, field);
      const y = rowValue(b, key.field, field);
      const c = x === null ? (y === null ? 0 : 1) : y === null ? -1 : compare(x, y);
      if (c !== 0) return key.direction === 'asc' ? c : -c;
    }
    return 0;
  };
}

/**
 * One list request over in-memory rows shaped as the API answers them (dotted field names are paths into
 * a row): checks it against the declaration, then filters, sorts and pages. Never throws: a bad query is
 * `{ ok: false, error: { code, message } }`, to answer with 400.
 */
export function runInMemoryList<T>(
  rows: readonly T[],
  params: QueryParamsInput,
  resource: ListResource,
): InMemoryListResult<T> {
  const checked = checkListRequest(params, resource);
  if (!checked.ok) return checked;
  const { page, limit, order, condition } = checked.value;
  const matches = compile(condition, resource);
  const found = rows.filter((row) => matches(row)).sort(byKeys(order, resource));
  const start = (page - 1) * limit;
  return {
    ok: true,
    page: {
      items: found.slice(start, start + limit),
      page,
      limit,
      total: found.length,
      totalEstimated: false,
    },
  };
}
