import { usersApi } from '@portal/contracts';
import type { ListQuery } from '@portal/list-query';
import { useApiList, useApiMutation } from '../../../http/api-hooks';
import { HttpError } from '../../../http/http-client';

/** One page of the users (spec §7 list query). */
export const useUsers = (query: ListQuery) => useApiList(usersApi.list, query);

/** A change that came too late or that the rules refuse (409): the list reloads either way. */
export const isConflict = (error: unknown): boolean => error instanceof HttpError && error.status === 409;

/**
 * Invite and change. Whatever the answer, the list reloads, so the admin never acts on a stale row twice.
 * Failures go on to the app's error handler, which shows the catalogue's message.
 */
export function useUserActions() {
  const invalidates = [usersApi.list];
  return {
    invite: useApiMutation(usersApi.invite, { invalidates }),
    change: useApiMutation(usersApi.change, { invalidates }),
  };
}
