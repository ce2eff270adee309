/** spec §3: the filter types a `where` entry may use. `like` and `equal` are the same filter. */
export const FILTER_TYPES = [
  'starts',
  'ends',
  'contains',
  'like',
  'equal',
  'not',
  'gt',
  'gte',
  'lt',
  'lte',
] as const;
export type FilterType = (typeof FILTER_TYPES)[number];

export type Scalar = string | number | Date;
export type FilterValue = Scalar | Scalar[];

/** spec §3: `where` maps a field to {type, value}. */
export interface Filter {
  type: FilterType;
  value: FilterValue;
}

/**
 * A field maps to a filter, to several filters on that field (an array: all of them, ANDed, e.g. a date range
 * `[{ type: 'gte', value: from }, { type: 'lt', value: to }]`), or (spec §7 "nested objects use dotted keys")
 * to a nested map of fields.
 */
export interface Where {
  [field: string]: Filter | Filter[] | Where;
}

/** spec §3: `whereMulti` combinators, nestable. */
export const COMBINATORS = ['and', 'or'] as const;
export type Combinator = (typeof COMBINATORS)[number];

/**
 * spec §3: whereMulti is a map. `and` / `or` hold a nested map whose entries are combined with that
 * combinator; `search` holds free text (spec: "a text value in whereMulti means free-text search");
 * any other key is a field (one filter, several filters, or nested fields) as in `where`. The entries of
 * the top-level map are ANDed.
 */
export interface WhereMulti {
  and?: WhereMulti;
  or?: WhereMulti;
  search?: string;
  [field: string]: Filter | Filter[] | Where | WhereMulti | string | undefined;
}

/** spec §3: the list query; defaults page 1, limit 20. */
export interface ListQuery {
  page: number;
  limit: number;
  /** Sort keys; a leading minus means descending. */
  order: string[];
  where: Where;
  whereMulti: WhereMulti;
  /** The total number of rows, as last answered by the API; never sent as a query param. */
  total?: number;
}

export type SortDirection = 'asc' | 'desc';

/** Query params as they travel in a URL: one string per key. */
export type QueryParams = Record<string, string>;

/** The codes a list query's parsing fails with (ListQueryError). */
export const LIST_QUERY_ERROR_CODES = [
  'INVALID_PAGE',
  'INVALID_LIMIT',
  'INVALID_ORDER',
  'INVALID_FILTER_TYPE',
  'INVALID_VALUE',
  'INVALID_KEY',
] as const;
export type ListQueryErrorCode = (typeof LIST_QUERY_ERROR_CODES)[number];

/** The typed error parsing returns instead of throwing. */
export interface ListQueryError {
  code: ListQueryErrorCode;
  /** The query-param key at fault. */
  key: string;
  message: string;
}

export type ParseResult<T> = { ok: true; value: T } | { ok: false; error: ListQueryError };

/**
 * The `where` and `whereMulti` of a list query as one tree the API can turn into SQL (spec §3):
 * a filter on a (dotted) field, free-text search, or an and/or group.
 */
export type Condition =
  | { kind: 'filter'; field: string; filter: Filter }
  | { kind: 'search'; text: string }
  | { kind: 'and' | 'or'; conditions: Condition[] };

/** What `parseListQuery` and `fromQueryParams` read: a query string, URLSearchParams, or a framework's map. */
export type QueryParamsInput = string | URLSearchParams | Record<string, string | string[] | undefined>;
