import { createContext, type ReactNode, useContext, useSyncExternalStore } from 'react';
import type { Auth } from './msal-auth';
import type { SessionUser } from './session-user';

const AuthContext = createContext<Auth | null>(null);

export function AuthProvider({ auth, children }: { auth: Auth; children: ReactNode }) {
  return <AuthContext.Provider value={auth}>{children}</AuthContext.Provider>;
}

export function useAuth(): Auth {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth needs an AuthProvider');
  return auth;
}

/** The signed-in user (null for a visitor), re-rendering when someone signs in or out. */
export function useSessionUser(): SessionUser | null {
  const auth = useAuth();
  return useSyncExternalStore(auth.subscribe, auth.user);
}
