import type { SessionTokenCancelInput, SessionTokenIssueInput, SessionTokenRow } from '@portal/contracts';
import type { ListQuery } from '@portal/list-query';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { HttpError } from '../../../http/http-client';
import { useHttp } from '../../../http/http-context';
import { fetchListPage } from '../../../table/list-page';

/** The reviewers' session-token calls (apps/api modules/session-tokens, contracts session-tokens.ts). */
export const SESSION_TOKENS_PATH = '/api/session-tokens';
export const issuePath = (id: string) => `${SESSION_TOKENS_PATH}/${id}/issue`;
export const cancelPath = (id: string) => `${SESSION_TOKENS_PATH}/${id}/cancel`;

export const SESSION_TOKENS_KEY = ['session-tokens'] as const;

/** One page of the queue (spec §7 list query). */
export function useSessionTokens(query: ListQuery) {
  const http = useHttp();
  return useQuery({
    queryKey: [...SESSION_TOKENS_KEY, 'list', query],
    queryFn: ({ signal }) => fetchListPage<SessionTokenRow>(http, SESSION_TOKENS_PATH, query, signal),
    placeholderData: keepPreviousData,
  });
}

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
  const http = useHttp();
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: SESSION_TOKENS_KEY });
  return {
    issue: useMutation({
      mutationFn: ({ id, ...input }: SessionTokenIssueInput & { id: string }) =>
        http<SessionTokenRow>(issuePath(id), { method: 'POST', body: input }),
      onSettled: reload,
    }),
    cancel: useMutation({
      mutationFn: ({ id, ...input }: SessionTokenCancelInput & { id: string }) =>
        http<SessionTokenRow>(cancelPath(id), { method: 'POST', body: input }),
      onSettled: reload,
    }),
  };
}
