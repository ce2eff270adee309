import type { Metrics, MetricsCompanyRow, StageMoveInput } from '@portal/contracts';
import { type ListQuery, stringifyListQuery } from '@portal/list-query';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { HttpError } from '../../../http/http-client';
import { useHttp } from '../../../http/http-context';
import { fetchListPage } from '../../../table/list-page';

/** The metrics calls (apps/api modules/metrics, contracts metrics.ts). */
export const METRICS_PATH = '/api/metrics';
export const METRICS_COMPANIES_PATH = '/api/metrics/companies';
export const METRICS_CSV_PATH = '/api/metrics/companies.csv';
export const stageMovesPath = (organisationId: string) => `/api/organisations/${organisationId}/stage-moves`;

/**
 * Every query of this screen starts with 'metrics': whatever changes the figures (a stage move here, a
 * test run added or imported by the test runs' actions) invalidates them all at once.
 */
export const METRICS_KEY = ['metrics'] as const;

export function useMetrics() {
  const http = useHttp();
  return useQuery({
    queryKey: [...METRICS_KEY, 'figures'],
    queryFn: ({ signal }) => http<Metrics>(METRICS_PATH, { signal }),
  });
}

export function useMetricsCompanies(query: ListQuery) {
  const http = useHttp();
  return useQuery({
    queryKey: [...METRICS_KEY, 'companies', query],
    queryFn: ({ signal }) => fetchListPage<MetricsCompanyRow>(http, METRICS_COMPANIES_PATH, query, signal),
    placeholderData: keepPreviousData,
  });
}

/** The export's URL for the table's query: its filters, search and order; no paging (the whole list). */
export function metricsCsvHref(apiUrl: string, query: ListQuery): string {
  const { page: _page, limit: _limit, ...params } = stringifyListQuery(query);
  const search = new URLSearchParams(params).toString();
  return `${apiUrl}${METRICS_CSV_PATH}${search ? `?${search}` : ''}`;
}

/** The export's file name when the API's answer names none. */
export const METRICS_CSV_NAME = 'tests-status.csv';

/** A stale move: the company changed since the table was read (409), so the step is moot. */
export const isConflict = (error: unknown): boolean => error instanceof HttpError && error.status === 409;

/** A stage move; whatever the answer, the figures and the table reload. */
export function useStageMove() {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ organisationId, ...input }: StageMoveInput & { organisationId: string }) =>
      http<MetricsCompanyRow>(stageMovesPath(organisationId), { method: 'POST', body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: METRICS_KEY }),
  });
}
