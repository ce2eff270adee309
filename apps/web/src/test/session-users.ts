import { type SessionUser, toSessionUser } from '../auth/session-user';

/** A signed-in user whose token carries these roles claims (EmvoPortalAdmin, …), for tests. */
export function userWith(...roles: string[]): SessionUser {
  return toSessionUser({
    homeAccountId: 'h',
    environment: 'e',
    tenantId: 't',
    username: '',
    localAccountId: 'l',
    name: 'Rita',
    idTokenClaims: { roles, name: 'Rita Reviewer' },
  });
}
