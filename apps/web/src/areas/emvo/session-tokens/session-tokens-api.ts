import {
  type SessionTokenCancelInput,
  type SessionTokenIssueInput,
  sessionTokensApi,
} from '@portal/contracts';
import type { ListQuery } from '@portal/list-query';
import { useMemo } from 'react';
import { useApiList, useApiMutation } from '../../../http/api-hooks';
import { INLINE_ERRORS } from '../../../http/error-handler';

/** One page of the queue (spec §7 list query). */
export const useSessionTokens = (query: ListQuery) => useApiList(sessionTokensApi.list, query);

/** A reviewer's calls on one token of the queue. */
export interface TokenCalls {
  issue: (id: string, body: SessionTokenIssueInput) => Promise<unknown>;
  cancel: (id: string, body: SessionTokenCancelInput) => Promise<unknown>;
}

/**
 * Issue and cancel, from their form dialogs (session-token-dialogs.tsx), which show a refusal beside the
 * form (INLINE_ERRORS): a 409 when someone issued, cancelled or revealed the token meanwhile, or it
 * expired. Whatever the answer, the queue reloads, so the reviewer never acts on a stale row twice.
 */
export function useSessionTokenActions(): TokenCalls {
  const options = { invalidates: [sessionTokensApi.list], meta: INLINE_ERRORS };
  const { mutateAsync: issue } = useApiMutation(sessionTokensApi.issue, options);
  const { mutateAsync: cancel } = useApiMutation(sessionTokensApi.cancel, options);
  return useMemo(
    () => ({
      issue: (id, body) => issue({ params: { id }, body }),
      cancel: (id, body) => cancel({ params: { id }, body }),
    }),
    [issue, cancel],
  );
}
