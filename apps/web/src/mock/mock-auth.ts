import type { AccountInfo } from '@azure/msal-browser';
import { CLAIM_BY_ROLE } from '@portal/domain';
import type { Auth } from '../auth/msal-auth';
import { type SessionUser, toSessionUser } from '../auth/session-user';
import { keepSignOutReason } from '../auth/sign-out-reason';
import { ACCOUNT_OF, type MockAccount, type MockRole, mockToken } from './mock-accounts';

/** Remembers the chosen role for the tab, so a reload keeps it. */
export const MOCK_ROLE_KEY = 'portal.mockRole';
/** Set by logout, so the reload that follows shows the visitor page instead of signing in again. */
export const MOCK_SIGNED_OUT_KEY = 'portal.mockSignedOut';
/** The query param choosing the role on load: `?mockRole=ADMIN|EMVO|EXTERNAL|none`. */
export const MOCK_ROLE_PARAM = 'mockRole';
export const DEFAULT_MOCK_ROLE: MockRole = 'EMVO';
/**
 * The query param signing in as one user of the store instead of a role's demo account:
 * `?mockUser=<email>` (a company registered in mock mode, say); `?mockRole=` goes back to the demo accounts.
 */
export const MOCK_USER_PARAM = 'mockUser';
const MOCK_USER_KEY = 'portal.mockUser';
const isMockRole = (value: string | null): value is MockRole =>
  value !== null && Object.hasOwn(ACCOUNT_OF, value);

/**
 * The role to sign in as: `?mockRole=` when the URL has a valid one (remembered in session storage, and
 * it signs in again after a logout), else the remembered one, else EMVO.
 */
export function mockRoleFromLocation(
  location: Pick<Location, 'search'> = window.location,
  storage: Storage = sessionStorage,
): MockRole {
  const fromUrl = new URLSearchParams(location.search).get(MOCK_ROLE_PARAM);
  if (isMockRole(fromUrl)) {
    storage.setItem(MOCK_ROLE_KEY, fromUrl);
    storage.removeItem(MOCK_SIGNED_OUT_KEY);
    return fromUrl;
  }
  const remembered = storage.getItem(MOCK_ROLE_KEY);
  return isMockRole(remembered) ? remembered : DEFAULT_MOCK_ROLE;
}

/**
 * The email of the user to sign in as: `?mockUser=` when the URL has one (remembered in session storage,
 * like the role), else the remembered one unless the URL chooses a role; undefined for a role's account.
 */
export function mockUserFromLocation(
  location: Pick<Location, 'search'> = window.location,
  storage: Storage = sessionStorage,
): string | undefined {
  const params = new URLSearchParams(location.search);
  const fromUrl = params.get(MOCK_USER_PARAM);
  if (fromUrl) {
    storage.setItem(MOCK_USER_KEY, fromUrl);
    storage.removeItem(MOCK_SIGNED_OUT_KEY);
  } else if (params.has(MOCK_ROLE_PARAM)) storage.removeItem(MOCK_USER_KEY);
  return storage.getItem(MOCK_USER_KEY) ?? undefined;
}

/**
 * A plain AccountInfo shaped like a B2C one, so the real toSessionUser reads its name, sign-in name and
 * roles claim: mock mode goes through the same mapping as a real sign-in.
 */
function demoAccount({ displayName: name, email, roles }: MockAccount): AccountInfo {
  const id = `mock-${email.toLowerCase()}`;
  return {
    homeAccountId: id,
    localAccountId: id,
    environment: 'mock',
    tenantId: 'mock',
    username: email,
    name,
    idTokenClaims: { name, emails: [email], roles: roles.map((each) => CLAIM_BY_ROLE[each]) },
  };
}

export interface MockAuthOptions {
  /** Leaves for a path with a full page load (tests replace it: jsdom cannot navigate). */
  navigate?: (path: string) => void;
  /** A user of the store to sign in as, in place of the role's demo account. */
  account?: MockAccount;
}

/**
 * The portal's Auth without any identity provider (mock mode): a demo user of the chosen role (or the
 * chosen user of the store) is signed in, getToken answers a fixed string, login signs in as the chosen role again, and logout clears the
 * storages and shows the visitor page (spec §4).
 */
export function createMockAuth(role: MockRole, options: MockAuthOptions = {}): Auth {
  const navigate = options.navigate ?? ((path: string) => window.location.assign(path));
  const listeners = new Set<() => void>();
  const changed = () => {
    for (const listener of listeners) listener();
  };
  // One SessionUser while signed in, so React sees a stable value until someone signs in or out.
  const { account } = options;
  const demoUser: SessionUser = toSessionUser(demoAccount(account ?? ACCOUNT_OF[role]));
  let current: SessionUser | null = sessionStorage.getItem(MOCK_SIGNED_OUT_KEY) === '1' ? null : demoUser;

  async function login(): Promise<void> {
    sessionStorage.removeItem(MOCK_SIGNED_OUT_KEY);
    if (current) return;
    current = demoUser;
    changed();
  }

  return {
    user: () => current,
    // Resolves in place, like a popup sign-in: the caller's guard then sends the user to their area.
    login,
    getToken: async () => {
      if (!current) await login();
      return mockToken(account?.email ?? role);
    },
    logout: async (reason) => {
      // spec §4: logout clears local and session storage. Mock mode then remembers only its own state:
      // the chosen role, and that the tab is signed out (else the reload would sign in again).
      // The mock's world is the server's data, kept in IndexedDB, which a sign-out leaves alone.
      localStorage.clear();
      sessionStorage.clear();
      sessionStorage.setItem(MOCK_ROLE_KEY, role);
      if (account) sessionStorage.setItem(MOCK_USER_KEY, account.email);
      sessionStorage.setItem(MOCK_SIGNED_OUT_KEY, '1');
      keepSignOutReason(reason);
      current = null;
      changed();
      navigate('/');
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
