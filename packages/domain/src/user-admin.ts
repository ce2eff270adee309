import type { Role } from './enums.js';
import {
  checkUserChange,
  USER_RULE_STATUS,
  type UserChangeContext,
  type UserChangeRequest,
  type UserState,
} from './users.js';

/** An administrator's invitation (contracts userInvitationSchema): an internal user, by mail. */
export interface InternalInvitation {
  email: string;
  firstName: string;
  lastName: string;
  role: Exclude<Role, 'EXTERNAL'>;
}

/** How the invitation mail names the role it invites to. */
export const INTERNAL_ROLE_WORDS: Record<InternalInvitation['role'], string> = {
  ADMIN: 'an administrator',
  EMVO: 'a reviewer',
};

/**
 * The user an invitation makes: INVITED with the one role, no company (its columns and its INVITE
 * audit row's diff). The address as typed, trimmed; it is compared in lower case.
 */
export const invitedUser = ({ email, firstName, lastName, role }: InternalInvitation) => ({
  email: email.trim(),
  displayName: `${firstName} ${lastName}`,
  roles: [role],
  status: 'INVITED' as const,
});

/** The audit action of an administrator's change to a user: a disable, an enable, or an update. */
export const userChangeAction = (change: { status?: 'ACTIVE' | 'DISABLED' | undefined }) =>
  change.status === 'DISABLED' ? 'DISABLE' : change.status === 'ACTIVE' ? 'ENABLE' : 'UPDATE';

/** checkUserChange's refusal with the status the API answers it with, or undefined. */
export function userChangeRefusal(user: UserState, change: UserChangeRequest, context: UserChangeContext) {
  const verdict = checkUserChange(user, change, context);
  return verdict.ok ? undefined : { status: USER_RULE_STATUS[verdict.code], ...verdict };
}
