import { type ListResource, runInMemoryList } from '@portal/list-query';
import { HttpResponse } from 'msw';
import { apiError } from './mock-http';

/**
 * A list call answered in memory (spec §7 query params) from the list's declaration, the one the API builds
 * its SQL from: the page, or 400 with the list-query code when the query cannot run.
 */
export function listAnswer<T>(rows: readonly T[], params: URLSearchParams, list: ListResource): Response {
  const result = runInMemoryList(rows, params, list);
  return result.ok ? HttpResponse.json(result.page) : apiError(400, result.error.code, result.error.message);
}
