import {
  type Condition,
  type Filter,
  parseListQuery,
  type QueryParamsInput,
  toCondition,
} from '@portal/list-query';

/**
 * The API's list endpoints (apps/api src/list) over an array instead of SQL, so list screens filter, sort and
 * page in mock mode as they do against the API: same query params (spec §7, parsed by @portal/list-query),
 * same checks, same 400 codes, same page shape.
 */

/**
 * As at the API (apps/api list-resource.ts): textArray is an array of strings; equal means "has all of the
 * given values" and not "lacks at least one"; it takes no other operator and is never a sort key.
 */
export type MockListFieldType = 'text' | 'integer' | 'date' | 'boolean' | 'enum' | 'textArray';

export interface MockListField {
  type: MockListFieldType;
  /** For enum fields: the accepted values; for textArray fields, the accepted elements when given. */
  values?: readonly string[];
}

/** What a mock list declares, like the API's ListResource; field names are dotted paths into a row. */
export interface MockListResource {
  fields: Record<string, MockListField>;
  /** Paths that free text (the `search` key) matches, case-insensitively anywhere in the value. */
  searchFields: readonly string[];
  /** The order when the caller gives none. */
  defaultOrder: readonly string[];
  /** A unique path appended to every order, so pages never overlap or skip rows. */
  tieBreaker: string;
  maxLimit: number;
}

/** The API's list answer: `{ items, page, limit, total, totalEstimated }`. */
export interface ListPage<T> {
  items: T[];
  page: number;
  limit: number;
  total: number;
  /** Always false here: mock lists are small enough to count. */
  totalEstimated: boolean;
}

/** The API's error body (apps/api plugins/errors.ts). */
export interface ApiErrorBody {
  code: string;
  message: string;
}

export type InMemoryListResult<T> = { ok: true; page: ListPage<T> } | { ok: false; error: ApiErrorBody };

class ListRequestError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.code = code;
  }
}

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

/** A row's value as the field's type, or null (a missing or unreadable value matches like a SQL null). */
function rowValue(row: unknown, path: string, field: MockListField | undefined): Comparable | null {
  const value = readPath(row, path);
  if (field?.type === 'date') {
    const time =
      value instanceof Date ? value.getTime() : typeof value === 'string' ? Date.parse(value) : NaN;
    return Number.isNaN(time) ? null : time;
  }
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return null;
}

/** A filter value as the field's type, or 400 INVALID_VALUE (apps/api list-sql.ts coerce). */
function coerce(name: string, field: MockListField, value: unknown): Comparable {
  const invalid = () =>
    new ListRequestError('INVALID_VALUE', `'${String(value)}' is not a valid value for '${name}'`);
  switch (field.type) {
    case 'text':
      return value instanceof Date ? value.toISOString() : String(value);
    case 'integer':
      if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
      throw invalid();
    case 'date': {
      const time = value instanceof Date ? value.getTime() : Date.parse(String(value));
      if (typeof value === 'number' || Number.isNaN(time)) throw invalid();
      return time;
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

const TEXT_ONLY_TYPES = new Set(['starts', 'ends', 'contains']);
const ORDERED_TYPES = new Set(['gt', 'gte', 'lt', 'lte']);
const ARRAY_TYPES = new Set(['equal', 'like', 'not']);

type Predicate = (row: unknown) => boolean;

function filterPredicate(name: string, field: MockListField, filter: Filter): Predicate {
  const { type } = filter;
  const allowed =
    (!TEXT_ONLY_TYPES.has(type) || field.type === 'text') &&
    (!ORDERED_TYPES.has(type) || (field.type !== 'boolean' && field.type !== 'enum')) &&
    (field.type !== 'textArray' || ARRAY_TYPES.has(type));
  if (!allowed) {
    throw new ListRequestError('INVALID_FILTER_TYPE', `'${name}' does not take the filter '${type}'`);
  }
  const list = (Array.isArray(filter.value) ? filter.value : [filter.value]).map((v) =>
    coerce(name, field, v),
  );
  const [first] = list;
  if (first === undefined) throw new ListRequestError('INVALID_VALUE', `'${name}' needs a value`);
  if (field.type === 'textArray') return arrayPredicate(name, filter, list);
  if (list.length > 1 && type !== 'equal' && type !== 'like' && type !== 'not') {
    throw new ListRequestError('INVALID_VALUE', `'${name}' takes one value for '${type}'`);
  }
  const value = (row: unknown) => rowValue(row, name, field);
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
      return (row) => compareNonNull(value(row), first, (c) => c > 0);
    case 'gte':
      return (row) => compareNonNull(value(row), first, (c) => c >= 0);
    case 'lt':
      return (row) => compareNonNull(value(row), first, (c) => c < 0);
    case 'lte':
      return (row) => compareNonNull(value(row), first, (c) => c <= 0);
    case 'starts':
      return (row) => lower(value(row))?.startsWith(text) ?? false;
    case 'ends':
      return (row) => lower(value(row))?.endsWith(text) ?? false;
    case 'contains':
      return (row) => lower(value(row))?.includes(text) ?? false;
  }
}

/** A textArray filter (the API's `@>`): equal holds every given value, not lacks at least one of them. */
function arrayPredicate(name: string, filter: Filter, list: Comparable[]): Predicate {
  const holdsAll = (row: unknown) => {
    const value = readPath(row, name);
    return Array.isArray(value) && list.every((wanted) => value.includes(wanted));
  };
  switch (filter.type) {
    case 'equal':
    case 'like':
      return holdsAll;
    default:
      return (row) => !holdsAll(row);
  }
}

const lower = (value: Comparable | null) => (value === null ? undefined : String(value).toLowerCase());

const collator = new Intl.Collator('en');

function compare(a: Comparable, b: Comparable): number {
  if (typeof a === 'string' && typeof b === 'string') return collator.compare(a, b);
  // Numbers, dates (as milliseconds) and booleans (false before true).
  return Math.sign(Number(a) - Number(b)) || 0;
}

function compareNonNull(a: Comparable | null, b: Comparable, test: (c: number) => boolean): boolean {
  return a !== null && test(compare(a, b));
}

/** spec §3 where + whereMulti as a row test; unknown fields and bad values answer 400 before any row is read. */
function compile(condition: Condition, resource: MockListResource): Predicate {
  switch (condition.kind) {
    case 'and':
    case 'or': {
      const parts = condition.conditions.map((child) => compile(child, resource));
      return condition.kind === 'and'
        ? (row) => parts.every((part) => part(row))
        : (row) => parts.length === 0 || parts.some((part) => part(row));
    }
    case 'search': {
      if (resource.searchFields.length === 0) {
        throw new ListRequestError('INVALID_KEY', 'This list has no free-text search');
      }
      const text = condition.text.toLowerCase();
      return (row) =>
        resource.searchFields.some((path) => {
          const value = readPath(row, path);
          return typeof value === 'string' && value.toLowerCase().includes(text);
        });
    }
    case 'filter': {
      const field = resource.fields[condition.field];
      if (!field) throw new ListRequestError('UNKNOWN_FIELD', `Cannot filter by '${condition.field}'`);
      return filterPredicate(condition.field, field, condition.filter);
    }
  }
}

interface SortKey {
  path: string;
  field: MockListField | undefined;
  direction: 1 | -1;
}

function sortKeys(keys: readonly string[], resource: MockListResource): SortKey[] {
  const sorted = keys.map((key): SortKey => {
    const path = key.startsWith('-') ? key.slice(1) : key;
    const field = resource.fields[path];
    if (!field || field.type === 'textArray') {
      throw new ListRequestError('INVALID_ORDER', `Cannot sort by '${path}'`);
    }
    return { path, field, direction: key.startsWith('-') ? -1 : 1 };
  });
  if (!sorted.some((key) => key.path === resource.tieBreaker)) {
    sorted.push({ path: resource.tieBreaker, field: resource.fields[resource.tieBreaker], direction: 1 });
  }
  return sorted;
}

/** PostgreSQL's order: nulls count as larger than any value, so they come last ascending, first descending. */
function byKeys(keys: SortKey[]) {
  return (a: unknown, b: unknown): number => {
    for (const key of keys) {
      const x = rowValue(a, key.path, key.field);
      const y = rowValue(b, key.path, key.field);
      const c = x === null ? (y === null ? 0 : 1) : y === null ? -1 : compare(x, y);
      if (c !== 0) return c * key.direction;
    }
    return 0;
  };
}

/**
 * One list request over in-memory rows: parses the query params (spec §7), checks every field, operator
 * and sort key against the resource, then filters, sorts and pages. Never throws: a bad query is
 * `{ ok: false, error: { code, message } }`, to answer with 400.
 */
export function runInMemoryList<T>(
  rows: readonly T[],
  params: QueryParamsInput,
  resource: MockListResource,
): InMemoryListResult<T> {
  const parsed = parseListQuery(params);
  if (!parsed.ok) return { ok: false, error: { code: parsed.error.code, message: parsed.error.message } };
  const query = parsed.value;
  try {
    if (query.limit > resource.maxLimit) {
      throw new ListRequestError('INVALID_LIMIT', `limit must be at most ${resource.maxLimit}`);
    }
    const matches = compile(toCondition(query), resource);
    const order = byKeys(sortKeys(query.order.length > 0 ? query.order : resource.defaultOrder, resource));
    const found = rows.filter((row) => matches(row)).sort(order);
    const start = (query.page - 1) * query.limit;
    return {
      ok: true,
      page: {
        items: found.slice(start, start + query.limit),
        page: query.page,
        limit: query.limit,
        total: found.length,
        totalEstimated: false,
      },
    };
  } catch (error) {
    if (error instanceof ListRequestError)
      return { ok: false, error: { code: error.code, message: error.message } };
    throw error;
  }
}
