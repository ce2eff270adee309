import { createListQuery, type ListQuery } from '@portal/list-query';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { hasNextPage, type ListPage } from './list-page';
import { useInfiniteList } from './use-infinite-list';

/** A list of `total` numbered rows, sorted by `order` (only 'n' and '-n'). */
function fakeApi(total: number, totalEstimated = false) {
  return vi.fn(async (query: ListQuery): Promise<ListPage<number>> => {
    const all = Array.from({ length: total }, (_, index) => index + 1);
    if (query.order[0] === '-n') all.reverse();
    const start = (query.page - 1) * query.limit;
    return {
      items: all.slice(start, start + query.limit),
      page: query.page,
      limit: query.limit,
      total,
      totalEstimated,
    };
  });
}

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe('useInfiniteList (spec §4: loading more increments page; page 1 replaces, later pages append)', () => {
  it('loads page 1, appends the next pages on down, stops at the end', async () => {
    const fetchPage = fakeApi(25);
    const { result } = renderHook(
      () => useInfiniteList({ queryKey: ['numbers'], query: createListQuery({ limit: 10 }), fetchPage }),
      { wrapper },
    );
    expect(result.current.loading).toBe(true);
    await waitFor(() => expect(result.current.rows).toHaveLength(10));
    expect(result.current).toMatchObject({ total: 25, totalEstimated: false, hasMore: true, loading: false });

    act(() => result.current.loadMore('down'));
    await waitFor(() => expect(result.current.rows).toHaveLength(20));
    act(() => result.current.loadMore('down'));
    await waitFor(() => expect(result.current.rows).toHaveLength(25));
    expect(result.current.rows.slice(0, 3)).toEqual([1, 2, 3]);
    expect(result.current.rows.at(-1)).toBe(25);
    expect(result.current.hasMore).toBe(false);
    expect(fetchPage.mock.calls.map(([query]) => query.page)).toEqual([1, 2, 3]);

    act(() => result.current.loadMore('down'));
    act(() => result.current.loadMore('up'));
    expect(fetchPage).toHaveBeenCalledTimes(3);
  });

  it('a new sort starts again at page 1 and replaces the rows', async () => {
    const fetchPage = fakeApi(25);
    const { result, rerender } = renderHook(
      ({ order }: { order: string[] }) =>
        useInfiniteList({ queryKey: ['numbers'], query: createListQuery({ limit: 10, order }), fetchPage }),
      { wrapper, initialProps: { order: ['n'] } },
    );
    await waitFor(() => expect(result.current.rows).toHaveLength(10));
    act(() => result.current.loadMore('down'));
    await waitFor(() => expect(result.current.rows).toHaveLength(20));

    rerender({ order: ['-n'] });
    await waitFor(() => expect(result.current.rows[0]).toBe(25));
    expect(result.current.rows).toHaveLength(10);
    expect(fetchPage.mock.calls.at(-1)?.[0]).toMatchObject({ page: 1, order: ['-n'] });
  });

  it('one fetch at a time: a down that comes while a page loads is kept and served after it', async () => {
    const api = fakeApi(100);
    let inFlight = 0;
    let most = 0;
    const fetchPage = vi.fn(async (query: ListQuery) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight -= 1;
      return api(query);
    });
    const { result } = renderHook(
      () => useInfiniteList({ queryKey: ['numbers'], query: createListQuery({ limit: 10 }), fetchPage }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.rows).toHaveLength(10));
    act(() => result.current.loadMore('down'));
    act(() => result.current.loadMore('down'));
    await waitFor(() => expect(result.current.rows).toHaveLength(30));
    expect(fetchPage.mock.calls.map(([query]) => query.page)).toEqual([1, 2, 3]);
    expect(most).toBe(1);
  });

  it('up loads the page before the first one loaded, prepending it', async () => {
    const fetchPage = fakeApi(100);
    const { result } = renderHook(
      () =>
        useInfiniteList({ queryKey: ['numbers'], query: createListQuery({ page: 3, limit: 10 }), fetchPage }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.rows[0]).toBe(21));
    act(() => result.current.loadMore('up'));
    await waitFor(() => expect(result.current.rows[0]).toBe(11));
    expect(result.current.rows).toHaveLength(20);
  });

  it.each<[Partial<ListPage<number>>, boolean]>([
    [{ items: [1, 2], page: 1, limit: 2, total: 5, totalEstimated: false }, true],
    [{ items: [1, 2], page: 3, limit: 2, total: 6, totalEstimated: false }, false],
    [{ items: [1], page: 3, limit: 2, total: 9, totalEstimated: false }, false],
    // An estimate: a full page means there may be more.
    [{ items: [1, 2], page: 900, limit: 2, total: 1001, totalEstimated: true }, true],
    [{ items: [1], page: 2, limit: 2, total: 5000, totalEstimated: true }, false],
  ])('hasNextPage(%j) = %s', (page, expected) => {
    expect(hasNextPage({ items: [], page: 1, limit: 20, total: 0, totalEstimated: false, ...page })).toBe(
      expected,
    );
  });
});
