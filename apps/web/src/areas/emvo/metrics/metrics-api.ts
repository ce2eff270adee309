import { metricsApi, organisationsApi, pathOf } from '@portal/contracts';
import { type ListQuery, stringifyListQuery } from '@portal/list-query';
import { useApiList, useApiMutation, useApiQuery } from '../../../http/api-hooks';
import { useApiDownload } from '../../../http/authorised-download';
import { INLINE_ERRORS } from '../../../http/error-handler';

/**
 * What a change of the figures makes stale (a stage move here, a test run added or imported by the test
 * runs' actions): every query under /api/metrics, the figures and the table alike.
 */
export const METRICS_VIEWS = [metricsApi.figures, metricsApi.companies] as const;

export const useMetrics = () => useApiQuery(metricsApi.figures, {});

export const useMetricsCompanies = (query: ListQuery) => useApiList(metricsApi.companies, query);

/** The export's query for the table's query: its filters, search and order; no paging (the whole list). */
export function metricsCsvQuery(query: ListQuery): Record<string, string> {
  const { page: _page, limit: _limit, ...params } = stringifyListQuery(query);
  return params;
}

/** The export's URL for the table's query (the link's href; the download itself goes through the client). */
export function metricsCsvHref(apiUrl: string, query: ListQuery): string {
  const search = new URLSearchParams(metricsCsvQuery(query)).toString();
  return `${apiUrl}${pathOf(metricsApi.companiesCsv)}${search ? `?${search}` : ''}`;
}

/** The export's file name when the API's answer names none. */
export const METRICS_CSV_NAME = 'tests-status.csv';

/** The export, with the bearer token a plain link does not send. */
export const useMetricsCsv = () => useApiDownload(metricsApi.companiesCsv);

/** A stale move: the company changed since the table was read (409), so the step is moot. */

/**
 * A stage move, from its form dialog (which shows a refusal itself); whatever the answer, the figures and
 * the table reload.
 */
export const useStageMove = () =>
  useApiMutation(organisationsApi.stageMove, { invalidates: METRICS_VIEWS, meta: INLINE_ERRORS });
