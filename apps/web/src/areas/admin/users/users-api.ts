import { type UserChangeInput, type UserInvitationInput, usersApi } from '@portal/contracts';
import type { ListQuery } from '@portal/list-query';
import { useMemo } from 'react';
import { useApiList, useApiMutation } from '../../../http/api-hooks';
import { INLINE_ERRORS } from '../../../http/error-handler';

/** One page of the users (spec §7 list query). */
export const useUsers = (query: ListQuery) => useApiList(usersApi.list, query);

/** What the user dialogs call: an invitation, a change of one user at the version the admin saw. */
export interface UserActions {
  invite: (body: UserInvitationInput) => Promise<unknown>;
  change: (id: string, body: UserChangeInput) => Promise<unknown>;
}

/**
 * Invite and change, from their form dialogs (which show a refusal beside the form: INLINE_ERRORS).
 * Whatever the answer, the list reloads, so the admin never acts on a stale row twice.
 */
export function useUserActions(): UserActions {
  const invalidates = [usersApi.list];
  const { mutateAsync: invite } = useApiMutation(usersApi.invite, { invalidates, meta: INLINE_ERRORS });
  const { mutateAsync: change } = useApiMutation(usersApi.change, { invalidates, meta: INLINE_ERRORS });
  return useMemo(
    () => ({
      invite: (body) => invite({ body }),
      change: (id, body) => change({ params: { id }, body }),
    }),
    [invite, change],
  );
}
