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

export interface TableParamsScope {
  /**
   * spec §3: search params per table id. Without one, the table owns every key of the URL (the usual case:
   * one table on a route, and the URL reads as the API call: `?order=-createdAt&stage=INFORMATION`). With
   * one, it owns the keys under `{tableId}.` (`?users.order=name`), so two tables or other state can share
   * a route.
   */
  tableId?: string | undefined;
  /** Keys (and their dotted sub-keys) the table leaves alone even without a table id, e.g. ['tab']. */
  keep?: readonly string[] | undefined;
}

/** Whether the table owns this URL key (see TableParamsScope). */
export function ownsKey(key: string, scope: TableParamsScope = {}): boolean {
  if (scope.keep?.some((kept) => key === kept || key.startsWith(`${kept}.`))) return false;
  return scope.tableId === undefined || key.startsWith(`${scope.tableId}.`);
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
  scope: TableParamsScope = {},
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
  scope: TableParamsScope = {},
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
  /** spec §4: the column's fields flipped with list-query's applySort (page back to 1), saved in the URL. */
  toggleSort: (fields: string | string[]) => void;
  /** Not in the URL (spec §2): kept in the component, back to 1 whenever the URL's params change. */
  setPage: (page: number) => void;
}

/**
 * spec §2, §3, §4: the state of one table, kept in the URL (style.md example 1: the URL is the only copy):
 * sort, filters and search are read with parseListQuery and written with stringifyListQuery; page and limit
 * are not in the URL (spec §2), the page lives in this hook and returns to 1 when the URL's params change.
 * Keys the table does not own are kept (see TableParamsScope).
 *
 * spec §4 "leaving a table resets its params": the page goes with the component; the URL params belong to
 * the route, and leaving the route leaves its URL, so nothing is cleaned on unmount (doing so would rewrite
 * the next route's URL).
 *
 * Sort and filter changes push a history entry (the back button undoes them); search text replaces the
 * current entry, so typing does not fill the history.
 */
export function useTableParams(
  tableId?: string,
  options: Omit<TableParamsScope, 'tableId'> & { limit?: number } = {},
) {
  const [searchParams, setSearchParams] = useSearchParams();
  const { limit = DEFAULT_LIMIT, keep } = options;
  const keepKey = keep?.join('\n');
  // biome-ignore lint/correctness/useExhaustiveDependencies: keep is compared by its content (keepKey).
  const scope = useMemo<TableParamsScope>(() => ({ tableId, keep }), [tableId, keepKey]);
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
      navigate({ ...query, where: setWhereField(query.where, field, filter), page: DEFAULT_PAGE }, false);
    },
    [navigate, query],
  );

  const toggleSort = useCallback(
    (fields: string | string[]) => navigate(applySort(query, fields), false),
    [navigate, query],
  );

  const setPage = useCallback((next: number) => setPaging({ key: ownKey, page: next }), [ownKey]);

  return useMemo<TableParams>(
    () => ({ query, error, setSearch, setFilter, toggleSort, setPage }),
    [query, error, setSearch, setFilter, toggleSort, setPage],
  );
}
