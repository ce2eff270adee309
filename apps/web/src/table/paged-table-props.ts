import type { ListPage } from './list-page';
import type { TableParams } from './use-table-params';

/**
 * The props every paged list screen gives its DataTable: the URL's order and page (useTableParams), the
 * API's page of rows and total. A screen adds its columns, caption and row key.
 */
export function pagedTableProps<T>(params: TableParams, page: ListPage<T> | undefined, loading: boolean) {
  return {
    mode: 'pagination' as const,
    rows: page?.items ?? [],
    order: params.order,
    onSort: (fields: string | string[]) => params.toggleSort(fields),
    total: page?.total ?? 0,
    totalEstimated: page?.totalEstimated ?? false,
    page: params.query.page,
    limit: params.query.limit,
    onPage: params.setPage,
    loading,
  };
}
