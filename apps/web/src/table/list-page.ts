import { type ListPage, type ListQuery, stringifyListQuery } from '@portal/list-query';
import type { HttpClient } from '../http/http-client';

/**
 * The API's answer to a list call: one page of rows and the total, exact up to 1,000 rows, else the
 * database's estimate (totalEstimated: the table then says "about N").
 */
export type { ListPage } from '@portal/list-query';

/**
 * spec §7: a list call carries page, limit, order, where and whereMulti as query params; `extra` adds a
 * resource's own params outside the list language (a queue's assignedToMe=true).
 */
export function fetchListPage<T>(
  http: HttpClient,
  path: string,
  query: ListQuery,
  signal?: AbortSignal,
  extra: Record<string, string> = {},
): Promise<ListPage<T>> {
  return http<ListPage<T>>(path, {
    query: { ...extra, ...stringifyListQuery(query) },
    ...(signal ? { signal } : {}),
  });
}

/** Whether a page after `page` may exist: a full page came back and the total, if exact, goes further. */
export function hasNextPage(
  page: Pick<ListPage<unknown>, 'items' | 'page' | 'limit' | 'total' | 'totalEstimated'>,
) {
  if (page.items.length < page.limit) return false;
  return page.totalEstimated || page.page * page.limit < page.total;
}
