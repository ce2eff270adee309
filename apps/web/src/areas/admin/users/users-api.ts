import type { UserChangeInput, UserInvitationInput, UserRow } from '@portal/contracts';
import type { ListQuery } from '@portal/list-query';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { HttpError } from '../../../http/http-client';
import { useHttp } from '../../../http/http-context';
import { fetchListPage } from '../../../table/list-page';

/** The administrators' user calls (apps/api modules/users, contracts users.ts). */
export const USERS_PATH = '/api/users';
export const INVITATIONS_PATH = `${USERS_PATH}/invitations`;
export const userPath = (id: string) => `${USERS_PATH}/${id}`;

export const USERS_KEY = ['users'] as const;

/** One page of the users (spec §7 list query). */
export function useUsers(query: ListQuery) {
  const http = useHttp();
  return useQuery({
    queryKey: [...USERS_KEY, 'list', query],
    queryFn: ({ signal }) => fetchListPage<UserRow>(http, USERS_PATH, query, signal),
    placeholderData: keepPreviousData,
  });
}

/** A change that came too late or that the rules refuse (409): the list reloads either way. */
export const isConflict = (error: unknown): boolean => error instanceof HttpError && error.status === 409;

/**
 * Invite and change. Whatever the answer, the list reloads, so the admin never acts on a stale row twice.
 * Failures go on to the app's error handler, which shows the catalogue's message.
 */
export function useUserActions() {
  const http = useHttp();
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: USERS_KEY });
  return {
    invite: useMutation({
      mutationFn: (input: UserInvitationInput) =>
        http<UserRow>(INVITATIONS_PATH, { method: 'POST', body: input }),
      onSettled: reload,
    }),
    change: useMutation({
      mutationFn: ({ id, ...input }: UserChangeInput & { id: string }) =>
        http<UserRow>(userPath(id), { method: 'PATCH', body: input }),
      onSettled: reload,
    }),
  };
}
