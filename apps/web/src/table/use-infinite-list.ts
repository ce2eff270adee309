import { type ListQuery, stringifyListQuery } from '@portal/list-query';
import { type InfiniteData, useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import type { ScrollDirection } from './infinite-scroll';
import { hasNextPage, type ListPage } from './list-page';

export interface UseInfiniteListOptions<T> {
  /** The list's own key (e.g. ['organisations']); the query's params (without page) are added to it. */
  queryKey: readonly unknown[];
  /** The list query (from useTableParams); its page is the first one loaded, its limit every page's size. */
  query: ListQuery;
  /** Loads one page: the query's page and limit are those to fetch. */
  fetchPage: (query: ListQuery, signal: AbortSignal) => Promise<ListPage<T>>;
  enabled?: boolean;
}

export interface InfiniteList<T> {
  /** Every loaded page's rows, in page order. */
  rows: T[];
  total: number;
  totalEstimated: boolean;
  /** The first page is loading, or another page is. */
  loading: boolean;
  /** A page after the last loaded one may exist. */
  hasMore: boolean;
  error: unknown;
  /** The DataTable's onLoadMore: down loads the next page, up the one before the first loaded (if any). */
  loadMore: (direction: ScrollDirection) => void;
}

/** The query's params without page: a new sort, filter, search or limit starts a new list. */
function listKey(query: ListQuery): Record<string, string> {
  return Object.fromEntries(Object.entries(stringifyListQuery(query)).filter(([key]) => key !== 'page'));
}

/**
 * spec §4: loading more in infinite scroll increments page; page 1 replaces results, later pages append.
 * A change of the query's sort, filters, search or limit is a new query key, so the list starts again at
 * its first page and replaces what was shown; each next page is appended.
 */
export function useInfiniteList<T>(options: UseInfiniteListOptions<T>): InfiniteList<T> {
  const { queryKey, query, fetchPage, enabled = true } = options;
  const result = useInfiniteQuery<
    ListPage<T>,
    Error,
    InfiniteData<ListPage<T>, number>,
    readonly unknown[],
    number
  >({
    queryKey: [...queryKey, listKey(query)],
    queryFn: ({ pageParam, signal }) => fetchPage({ ...query, page: pageParam }, signal),
    initialPageParam: query.page,
    getNextPageParam: (last) => (hasNextPage(last) ? last.page + 1 : undefined),
    getPreviousPageParam: (first) => (first.page > 1 ? first.page - 1 : undefined),
    enabled,
  });
  const { data, isPending, isFetchingNextPage, isFetchingPreviousPage, fetchNextPage, fetchPreviousPage } =
    result;
  const canLoadNext = result.hasNextPage;
  const canLoadPrevious = result.hasPreviousPage;
  const busy = result.isFetching;

  const rows = useMemo(() => data?.pages.flatMap((page) => page.items) ?? [], [data]);
  const last = data?.pages[data.pages.length - 1];

  const latest = useRef({ busy, canLoadNext, canLoadPrevious, fetchNextPage, fetchPreviousPage });
  useLayoutEffect(() => {
    latest.current = { busy, canLoadNext, canLoadPrevious, fetchNextPage, fetchPreviousPage };
  });
  // The table asks once per content size (spec §4): a request that comes while the list is fetching (its
  // previous page, or a background refetch) is kept and served when that ends, one fetch at a time, or the
  // reader could be left at the bottom with nothing asking for more.
  const flow = useRef<{ inFlight: boolean; waiting: ScrollDirection | null }>({
    inFlight: false,
    waiting: null,
  });
  const loadMore = useCallback(function load(direction: ScrollDirection) {
    const state = flow.current;
    const current = latest.current;
    if (state.inFlight || current.busy) {
      state.waiting = direction;
      return;
    }
    if (!(direction === 'down' ? current.canLoadNext : current.canLoadPrevious)) return;
    state.inFlight = true;
    // cancelRefetch false: never restart a fetch under way.
    const fetching =
      direction === 'down'
        ? current.fetchNextPage({ cancelRefetch: false })
        : current.fetchPreviousPage({ cancelRefetch: false });
    void fetching.finally(() => {
      state.inFlight = false;
      const next = state.waiting;
      state.waiting = null;
      if (next) load(next);
    });
  }, []);
  useEffect(() => {
    const state = flow.current;
    if (busy || state.inFlight || state.waiting === null) return;
    const next = state.waiting;
    state.waiting = null;
    loadMore(next);
  }, [busy, loadMore]);

  return {
    rows,
    total: last?.total ?? 0,
    totalEstimated: last?.totalEstimated ?? false,
    loading: (enabled && isPending) || isFetchingNextPage || isFetchingPreviousPage,
    hasMore: canLoadNext,
    error: result.error,
    loadMore,
  };
}
