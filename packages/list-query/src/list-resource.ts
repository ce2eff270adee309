import { toCondition } from './list-query.js';
import { getOwn } from './own-properties.js';
import { isDateInRange, parseListQuery } from './query-params.js';
import type { Condition, Filter, FilterType, QueryParamsInput, Scalar } from './types.js';

/**
 * How a field filters. textArray is an array of strings (a text[] column): equal means "holds all of the
 * given values" and not "lacks at least one of them"; it takes no other operator and is never a sort key.
 * uuid is a record's id (a uuid column, compared as stored, so its index serves the filter): a value of
 * another shape is refused here, before the database would fail on it.
 */
export type ListFieldType = 'text' | 'integer' | 'date' | 'boolean' | 'enum' | 'textArray' | 'uuid';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One field a list exposes, by its public (possibly dotted) name: what callers may do with it. */
export interface ListField {
  type: ListFieldType;
  /** For enum fields: the accepted values; for textArray fields, the accepted elements when given. */
  values?: readonly string[];
  /** Where the API reads it: the SQL column (camelCase). Default: the field's name. */
  column?: string;
  /** Default true. */
  filterable?: boolean;
  /** Default true (never for textArray). */
  sortable?: boolean;
  /**
   * The field may be empty (a user who never signed in): its empty values sort last in either direction,
   * so "most recent first" opens on the most recent and not on every row that has none. Left out for a
   * field an index orders: descending, an index read backwards gives the empty values first.
   */
  emptyLast?: boolean;
}

/**
 * A list's declaration, written once per resource (packages/contracts lists): the API checks a request
 * against it and builds its SQL from it; the SPA writes its list calls and screens' filters from it.
 */
export interface ListResource {
  fields: Record<string, ListField>;
  /** Fields that free text (the `search` key) matches, case-insensitively anywhere in the value. */
  searchFields: readonly string[];
  /** The order when the caller gives none. */
  defaultOrder: readonly string[];
  /**
   * Filters that hold when the caller's query filters none of their fields (where or whereMulti): a
   * reviewer's queue opens on what is open, the decided checks one filter away. Like defaultOrder, the API
   * applies it and a screen shows it as its filters' initial choice.
   */
  defaultWhere?: Readonly<Record<string, Filter>>;
  /** A unique field (a column and a row path) appended to every order, so pages never overlap or skip. */
  tieBreaker: string;
  maxLimit: number;
}

/** A filter value in its field's type. */
export type ListValue = string | number | boolean | Date;

/** spec §3 where + whereMulti, every field known and every value in its field's type. */
export type CheckedCondition =
  | { kind: 'and' | 'or'; conditions: CheckedCondition[] }
  | { kind: 'search'; text: string }
  | {
      kind: 'filter';
      field: string;
      definition: ListField;
      type: FilterType;
      values: [ListValue, ...ListValue[]];
    };

export interface CheckedSortKey {
  /** The field's public name (a path in the rows the API answers). */
  field: string;
  /** The field's column (SQL). */
  column: string;
  direction: 'asc' | 'desc';
  /** The field's empty values come last whichever the direction (ListField emptyLast). */
  emptyLast: boolean;
}

export interface CheckedListRequest {
  page: number;
  limit: number;
  /** Ends with the tie-breaker. */
  order: CheckedSortKey[];
  condition: CheckedCondition;
}

/** The API's 400 answer for a list request it cannot run. */
export interface ListRequestError {
  code: string;
  message: string;
}

export type CheckListResult =
  | { ok: true; value: CheckedListRequest }
  | { ok: false; error: ListRequestError };

export const columnOf = (name: string, field: ListField | undefined) => field?.column ?? name;

class Refusal extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.code = code;
  }
}

/** Turns a parsed value into the field's type, or refuses it with INVALID_VALUE. */
function coerce(name: string, field: ListField, value: Scalar): ListValue {
  const invalid = () => new Refusal('INVALID_VALUE', `'${String(value)}' is not a valid value for '${name}'`);
  switch (field.type) {
    case 'text':
      return value instanceof Date ? value.toISOString() : String(value);
    case 'integer':
      if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
      throw invalid();
    case 'date':
      // spec §7 "date-like strings into dates": only what the parser read as a date, never the engine's own
      // lenient parsing (which takes '99999-01-01' or 'March 7', and differs between browsers and Node), and
      // only within years 0001 to 9999, the dates the database takes.
      if (value instanceof Date && isDateInRange(value)) return value;
      throw invalid();
    case 'boolean':
      if (value === 'true' || value === 'false') return value === 'true';
      throw invalid();
    case 'enum':
      if (typeof value === 'string' && field.values?.includes(value)) return value;
      throw invalid();
    case 'uuid':
      if (typeof value === 'string' && UUID.test(value)) return value.toLowerCase();
      throw invalid();
    case 'textArray': {
      const text = value instanceof Date ? value.toISOString() : String(value);
      if (field.values && !field.values.includes(text)) throw invalid();
      return text;
    }
  }
}

const TEXT_ONLY_TYPES = new Set<FilterType>(['starts', 'ends', 'contains']);
const ORDERED_TYPES = new Set<FilterType>(['gt', 'gte', 'lt', 'lte']);
/** The operators that take a list of values ("any of"), and the only ones a textArray takes. */
const LIST_TYPES = new Set<FilterType>(['equal', 'like', 'not']);

/**
 * The list's own declaration of a field, never one found on the prototype: `fields.constructor` or
 * `fields.toString` is Object's, and reached the SQL as a column (security review).
 */
const declaredField = (resource: ListResource, name: string): ListField | undefined =>
  getOwn(resource.fields, name);

function checkFilter(name: string, resource: ListResource, filter: Filter): CheckedCondition {
  const field = declaredField(resource, name);
  if (!field || field.filterable === false) throw new Refusal('UNKNOWN_FIELD', `Cannot filter by '${name}'`);
  const { type } = filter;
  const allowed =
    (!TEXT_ONLY_TYPES.has(type) || field.type === 'text') &&
    (!ORDERED_TYPES.has(type) ||
      (field.type !== 'boolean' && field.type !== 'enum' && field.type !== 'uuid')) &&
    (field.type !== 'textArray' || LIST_TYPES.has(type));
  if (!allowed) throw new Refusal('INVALID_FILTER_TYPE', `'${name}' does not take the filter '${type}'`);
  const values = (Array.isArray(filter.value) ? filter.value : [filter.value]).map((v) =>
    coerce(name, field, v),
  );
  const [first, ...rest] = values;
  if (first === undefined) throw new Refusal('INVALID_VALUE', `'${name}' needs a value`);
  if (rest.length > 0 && !LIST_TYPES.has(type)) {
    throw new Refusal('INVALID_VALUE', `'${name}' takes one value for '${type}'`);
  }
  return { kind: 'filter', field: name, definition: field, type, values: [first, ...rest] };
}

function checkCondition(condition: Condition, resource: ListResource): CheckedCondition {
  switch (condition.kind) {
    case 'and':
    case 'or':
      return {
        kind: condition.kind,
        conditions: condition.conditions.map((c) => checkCondition(c, resource)),
      };
    case 'search':
      if (resource.searchFields.length === 0) {
        throw new Refusal('INVALID_KEY', 'This list has no free-text search');
      }
      return { kind: 'search', text: condition.text };
    case 'filter':
      return checkFilter(condition.field, resource, condition.filter);
  }
}

function checkOrder(keys: readonly string[], resource: ListResource): CheckedSortKey[] {
  const order = keys.map((key): CheckedSortKey => {
    const name = key.startsWith('-') ? key.slice(1) : key;
    const field = declaredField(resource, name);
    if (!field || field.sortable === false || field.type === 'textArray') {
      throw new Refusal('INVALID_ORDER', `Cannot sort by '${name}'`);
    }
    return {
      field: name,
      column: columnOf(name, field),
      direction: key.startsWith('-') ? 'desc' : 'asc',
      emptyLast: field.emptyLast === true,
    };
  });
  const tie = resource.tieBreaker;
  if (!order.some((key) => key.column === columnOf(tie, resource.fields[tie]))) {
    // In the direction of the last key: one index on (column, tie-breaker) then serves
    // the column's order both ways, read forwards or backwards. Ties in the opposite direction made the
    // database sort every row of a large group of equal values (a million companies by pass rate).
    const direction = order.at(-1)?.direction ?? 'asc';
    order.push({ field: tie, column: columnOf(tie, resource.fields[tie]), direction, emptyLast: false });
  }
  return order;
}

/** Every field a condition filters, at any depth. */
function filteredFields(condition: Condition, into = new Set<string>()): Set<string> {
  if (condition.kind === 'filter') into.add(condition.field);
  else if (condition.kind !== 'search')
    for (const nested of condition.conditions) filteredFields(nested, into);
  return into;
}

/** The caller's condition and the resource's default filters on the fields the caller does not filter. */
function withDefaultWhere(condition: Condition, resource: ListResource): Condition {
  const named = filteredFields(condition);
  const defaults = Object.entries(resource.defaultWhere ?? {})
    .filter(([field]) => !named.has(field))
    .map(([field, filter]): Condition => ({ kind: 'filter', field, filter }));
  return defaults.length === 0 ? condition : { kind: 'and', conditions: [condition, ...defaults] };
}

/**
 * Parses a list request's query params (spec §7) and checks every field, operator, value and order key
 * against the resource. Never throws: a request it cannot run is `{ ok: false, error: { code, message } }`,
 * which the API answers with 400.
 */
export function checkListRequest(params: QueryParamsInput, resource: ListResource): CheckListResult {
  const parsed = parseListQuery(params);
  if (!parsed.ok) return { ok: false, error: { code: parsed.error.code, message: parsed.error.message } };
  const query = parsed.value;
  try {
    if (query.limit > resource.maxLimit) {
      throw new Refusal('INVALID_LIMIT', `limit must be at most ${resource.maxLimit}`);
    }
    const condition = checkCondition(withDefaultWhere(toCondition(query), resource), resource);
    const order = checkOrder(query.order.length > 0 ? query.order : resource.defaultOrder, resource);
    return { ok: true, value: { page: query.page, limit: query.limit, order, condition } };
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, error: { code: error.code, message: error.message } };
    throw error;
  }
}

/** The API's list answer: `{ items, page, limit, total, totalEstimated }`. */
export interface ListPage<T> {
  items: T[];
  page: number;
  limit: number;
  total: number;
  /** When true, total is an estimate (the API estimates above 1,000 rows). */
  totalEstimated: boolean;
}
