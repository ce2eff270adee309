import type { Auth } from '../auth/msal-auth';
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

/** The same, signed in with an email (the ID token's `emails`), as the API names them in its answers. */
export function userWithEmail(email: string, ...roles: string[]): SessionUser {
  const user = userWith(...roles);
  return toSessionUser({
    ...user.account,
    idTokenClaims: { ...user.account.idTokenClaims, emails: [email] },
  });
}

/**
 * The app's sign-in for tests: `user` signed in (the same object on every call, as useSyncExternalStore
 * wants a stable snapshot) or null for a visitor; a token at once; `overrides` for what a test watches.
 */
export function testAuth(user: SessionUser | null, overrides: Partial<Auth> = {}): Auth {
  return {
    user: () => user,
    login: async () => {},
    getToken: async () => 'mock-token',
    logout: async () => {},
    subscribe: () => () => {},
    ...overrides,
  };
}
