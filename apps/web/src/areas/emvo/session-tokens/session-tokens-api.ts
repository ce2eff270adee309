import { sessionTokensApi } from '@portal/contracts';
import type { ListQuery } from '@portal/list-query';
import { useApiList, useApiMutation } from '../../../http/api-hooks';
import { HttpError } from '../../../http/http-client';

/** One page of the queue (spec §7 list query). */
export const useSessionTokens = (query: ListQuery) => useApiList(sessionTokensApi.list, query);

/**
 * A step that came too late (409): someone issued, cancelled or revealed the token meanwhile, or it expired.
 * The catalogue's message says which; the queue reloads either way.
 */
export const isConflict = (error: unknown): boolean => error instanceof HttpError && error.status === 409;

/**
 * Issue and cancel. Whatever the answer (a 409 means the token moved on), the queue reloads, so the
 * reviewer never acts on a stale row twice. Failures go on to the app's error handler, which shows them.
 */
export function useSessionTokenActions() {
  const invalidates = [sessionTokensApi.list];
  return {
    issue: useApiMutation(sessionTokensApi.issue, { invalidates }),
    cancel: useApiMutation(sessionTokensApi.cancel, { invalidates }),
  };
}
