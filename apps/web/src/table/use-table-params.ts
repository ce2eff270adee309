import {
  applySort,
  createListQuery,
  DEFAULT_LIMIT,
  DEFAULT_PAGE,
  type Filter,
  isFilter,
  type ListQuery,
  type ListQueryError,
  parseListQuery,
  SEARCH_KEY,
  stringifyListQuery,
  type Where,
} from '@portal/list-query';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';

/** spec §2: page and limit are not saved in the URL. */
const NOT_IN_URL = new Set(['page', 'limit']);

/** The keys every table owns besides its filters (spec §7): paging, sort and the free-text search. */
const TABLE_KEYS = new Set(['page', 'limit', 'order', SEARCH_KEY]);

export interface TableParamsScope {
  /**
   * The (dotted) fields the table filters by: its columns' and toolbar's filters, plus any a page sets
   * itself. The table owns `field` and `field.…` (`createdAt.gte`, `address.country`); any other key is not
   * its own: a link's `utm_source` or mock mode's `mockRole` stays in the URL and never reaches the API,
   * which answers an unknown field with 400.
   */
  filters: readonly string[];
  /**
   * spec §3: search params per table id. With one, the table's keys are prefixed `{tableId}.`
   * (`?users.order=name`), so two tables can share a route.
   */
  tableId?: string | undefined;
}

/** Whether the (unprefixed) key is a filter on one of the fields. */
function isFilterKey(key: string, filters: readonly string[]): boolean {
  return filters.some((field) => key === field || key.startsWith(`${field}.`));
}

/** Whether the table owns this URL key: page, limit, order, search or one of its filters (see TableParamsScope). */
export function ownsKey(key: string, scope: TableParamsScope): boolean {
  const prefix = scope.tableId === undefined ? '' : `${scope.tableId}.`;
  if (!key.startsWith(prefix)) return false;
  const name = key.slice(prefix.length);
  return TABLE_KEYS.has(name) || isFilterKey(name, scope.filters);
}

function unprefixed(key: string, scope: TableParamsScope): string {
  return scope.tableId === undefined ? key : key.slice(scope.tableId.length + 1);
}

/** The table's own params of a URL, without the table-id prefix, page and limit. */
function ownParams(search: URLSearchParams, scope: TableParamsScope): URLSearchParams {
  const own = new URLSearchParams();
  for (const [key, value] of search) {
    if (!ownsKey(key, scope)) continue;
    const name = unprefixed(key, scope);
    if (!NOT_IN_URL.has(name)) own.set(name, value);
  }
  return own;
}

export type TableQueryResult = { query: ListQuery; error: ListQueryError | undefined };

/**
 * Reads a table's list query from the URL (spec §2: "restored on load") with list-query's parseListQuery.
 * Page and limit are not in the URL: they come from the arguments. A URL the parser refuses gives the
 * default query and the parser's error (the screen may say so; the next change rewrites the params).
 */
export function readTableQuery(
  search: URLSearchParams,
  scope: TableParamsScope,
  paging: { page?: number; limit?: number } = {},
): TableQueryResult {
  const parsed = parseListQuery(ownParams(search, scope));
  const page = paging.page ?? DEFAULT_PAGE;
  const limit = paging.limit ?? DEFAULT_LIMIT;
  return parsed.ok
    ? { query: { ...parsed.value, page, limit }, error: undefined }
    : { query: createListQuery({ page, limit }), error: parsed.error };
}

/**
 * The URL with the table's params replaced by `query`'s (list-query's stringifyListQuery), page and limit
 * left out (spec §2), every key the table does not own kept as it was.
 */
export function writeTableQuery(
  search: URLSearchParams,
  query: ListQuery,
  scope: TableParamsScope,
): URLSearchParams {
  const next = new URLSearchParams();
  for (const [key, value] of search) {
    if (!ownsKey(key, scope)) next.append(key, value);
  }
  const prefix = scope.tableId === undefined ? '' : `${scope.tableId}.`;
  for (const [key, value] of Object.entries(stringifyListQuery(query))) {
    if (!NOT_IN_URL.has(key)) next.set(`${prefix}${key}`, value);
  }
  return next;
}

/** Sets (or, with undefined, removes) a possibly dotted field of a where map, dropping emptied maps. */
export function setWhereField(where: Where, field: string, filter: Filter | Filter[] | undefined): Where {
  const [head, ...rest] = field.split('.');
  if (head === undefined || head === '') return where;
  const next: Where = { ...where };
  if (rest.length === 0) {
    if (filter === undefined) delete next[head];
    else next[head] = filter;
    return next;
  }
  const current = next[head];
  const nested: Where = current === undefined || Array.isArray(current) || isFilter(current) ? {} : current;
  const updated = setWhereField(nested, rest.join('.'), filter);
  if (Object.keys(updated).length === 0) delete next[head];
  else next[head] = updated;
  return next;
}

export interface TableParams {
  /** The list query to send to the API: the URL's sort, filters and search, plus page and limit. */
  query: ListQuery;
  /** Why the URL's params could not be read, when they could not. */
  error: ListQueryError | undefined;
  /** spec §9 search key: free text, in whereMulti.search; '' removes it. Page back to 1. */
  setSearch: (text: string) => void;
  /** A filter on a (dotted) field; undefined removes it. Page back to 1. */
  setFilter: (field: string, filter: Filter | Filter[] | undefined) => void;
  /** The order the header shows: the URL's, else the resource's default order (TableParamsOptions). */
  order: string[];
  /** spec §4: the column's fields flipped with list-query's applySort (page back to 1), saved in the URL. */
  toggleSort: (fields: string | string[]) => void;
  /** Not in the URL (spec §2): kept in the component, back to 1 whenever the table's URL params change. */
  setPage: (page: number) => void;
}

export interface TableParamsOptions extends TableParamsScope {
  /** Rows per page: not in the URL (spec §2). DEFAULT_LIMIT by default; rowsPerPage() for infinite lists. */
  limit?: number | undefined;
  /**
   * The order the API applies when the URL gives none (the list declaration's defaultOrder). It stays out
   * of the URL and of the query, but the header shows it and the first click on a sorted column flips it.
   */
  defaultOrder?: readonly string[] | undefined;
}

/**
 * spec §2, §3, §4: the state of one table, kept in the URL (style.md example 1: the URL is the only copy):
 * sort, filters and search are read with parseListQuery and written with stringifyListQuery; page and limit
 * are not in the URL (spec §2), the page lives in this hook and returns to 1 when the table's params change.
 * The table owns page, limit, order, search and its filters (see TableParamsScope): any other key of the
 * URL is left as it is and never reaches the query sent to the API.
 *
 * spec §4 "leaving a table resets its params": the page goes with the component; the URL params belong to
 * the route, and leaving the route leaves its URL, so nothing is cleaned on unmount (doing so would rewrite
 * the next route's URL).
 *
 * Sort and filter changes push a history entry (the back button undoes them); search text replaces the
 * current entry, so typing does not fill the history.
 */
export function useTableParams(options: TableParamsOptions): TableParams {
  const [searchParams, setSearchParams] = useSearchParams();
  const { filters, tableId, limit = DEFAULT_LIMIT, defaultOrder } = options;
  const filtersKey = filters.join('\n');
  // biome-ignore lint/correctness/useExhaustiveDependencies: filters are compared by content (filtersKey).
  const scope = useMemo<TableParamsScope>(() => ({ filters, tableId }), [filtersKey, tableId]);
  /** The table's own params as a string: when it changes, the page goes back to 1. */
  const ownKey = ownParams(searchParams, scope).toString();
  const [paging, setPaging] = useState({ key: ownKey, page: DEFAULT_PAGE });
  const page = paging.key === ownKey ? paging.page : DEFAULT_PAGE;

  // biome-ignore lint/correctness/useExhaustiveDependencies: ownKey stands for searchParams within the scope.
  const { query, error } = useMemo(
    () => readTableQuery(searchParams, scope, { page, limit }),
    [ownKey, scope, page, limit],
  );

  const navigate = useCallback(
    (next: ListQuery, replace: boolean) => {
      const written = writeTableQuery(searchParams, next, scope);
      setPaging({ key: ownParams(written, scope).toString(), page: next.page });
      setSearchParams(written, { replace });
    },
    [searchParams, scope, setSearchParams],
  );

  const setSearch = useCallback(
    (text: string) => {
      const whereMulti = { ...query.whereMulti };
      if (text.trim() === '') delete whereMulti[SEARCH_KEY];
      else whereMulti[SEARCH_KEY] = text;
      navigate({ ...query, whereMulti, page: DEFAULT_PAGE }, true);
    },
    [navigate, query],
  );

  const setFilter = useCallback(
    (field: string, filter: Filter | Filter[] | undefined) => {
      // A filter the table does not own would be written to the URL and never read back: a silent no-op.
      if (!isFilterKey(field, scope.filters)) {
        throw new Error(`useTableParams: '${field}' is not in the table's filters`);
      }
      navigate({ ...query, where: setWhereField(query.where, field, filter), page: DEFAULT_PAGE }, false);
    },
    [navigate, query, scope],
  );

  const defaultKey = defaultOrder?.join(',') ?? '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: the default order is compared by content.
  const order = useMemo(
    () => (query.order.length > 0 ? query.order : [...(defaultOrder ?? [])]),
    [query.order, defaultKey],
  );
  const toggleSort = useCallback(
    (fields: string | string[]) => navigate(applySort({ ...query, order }, fields), false),
    [navigate, query, order],
  );

  const setPage = useCallback((next: number) => setPaging({ key: ownKey, page: next }), [ownKey]);

  return useMemo<TableParams>(
    () => ({ query, error, setSearch, setFilter, order, toggleSort, setPage }),
    [query, error, setSearch, setFilter, order, toggleSort, setPage],
  );
}
