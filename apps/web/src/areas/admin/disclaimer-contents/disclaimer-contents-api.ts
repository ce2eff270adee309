import type {
  DisclaimerContent,
  DisclaimerDraftInput,
  DisclaimerDraftUpdate,
  DisclaimerType,
} from '@portal/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useHttp } from '../../../http/http-context';
import type { ListPage } from '../../../table/list-page';

export type { DisclaimerContent, DisclaimerType } from '@portal/contracts';
export { DISCLAIMER_TYPES } from '@portal/contracts';

const CONTENTS = '/api/disclaimer-contents';
/** Every version of a type fits one page: a type gets a new version a few times a year at most. */
export const HISTORY_LIMIT = 100;

/** The versions of one type, newest first: the draft, the published one and the archived history. */
export function useDisclaimerVersions(type: DisclaimerType) {
  const http = useHttp();
  return useQuery({
    queryKey: ['disclaimer-contents', type],
    queryFn: ({ signal }) =>
      http<ListPage<DisclaimerContent>>(CONTENTS, {
        query: { type, order: '-versionNumber', limit: String(HISTORY_LIMIT) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/**
 * Create, edit, publish and delete; each refreshes the versions. The texts pending acceptance are read
 * again at the next sign-in (issue 13), not at once: publishing does not lock the administrator out.
 */
export function useDisclaimerMutations() {
  const http = useHttp();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['disclaimer-contents'] });
  return {
    create: useMutation({
      mutationFn: (input: DisclaimerDraftInput) =>
        http<DisclaimerContent>(CONTENTS, { method: 'POST', body: input }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, ...input }: DisclaimerDraftUpdate & { id: string }) =>
        http<DisclaimerContent>(`${CONTENTS}/${id}`, { method: 'PUT', body: input }),
      onSettled: refresh,
    }),
    publish: useMutation({
      mutationFn: ({ id, version }: Pick<DisclaimerContent, 'id' | 'version'>) =>
        http<DisclaimerContent>(`${CONTENTS}/${id}/publish`, { method: 'POST', body: { version } }),
      onSettled: refresh,
    }),
    remove: useMutation({
      mutationFn: ({ id, version }: Pick<DisclaimerContent, 'id' | 'version'>) =>
        http<void>(`${CONTENTS}/${id}`, { method: 'DELETE', query: { version: String(version) } }),
      onSettled: refresh,
    }),
  };
}
