import type { ListPage } from '@portal/list-query';

/**
 * The API's answer to a list call: one page of rows and the total, exact up to 1,000 rows, else the
 * database's estimate (totalEstimated: the table then says "about N").
 */
export type { ListPage } from '@portal/list-query';

/** Whether a page after `page` may exist: a full page came back and the total, if exact, goes further. */
export function hasNextPage(
  page: Pick<ListPage<unknown>, 'items' | 'page' | 'limit' | 'total' | 'totalEstimated'>,
) {
  if (page.items.length < page.limit) return false;
  return page.totalEstimated || page.page * page.limit < page.total;
}
