import type { Environment } from '../config/environment';
import type { Auth, MsalAuthOptions } from './msal-auth';
import { RESET_FLAG } from './password-reset-flag';

const hasMsalKey = (storage: Storage) => {
  for (let index = 0; index < storage.length; index += 1) {
    if (storage.key(index)?.startsWith('msal.')) return true;
  }
  return false;
};

/**
 * Whether this browser may hold a session, or come back from the provider: MSAL keeps its accounts,
 * tokens and a sign-in under way in the storages under `msal.` keys (its cache's prefix), and a reset under
 * way is marked. Without any of them the person is a visitor, and MSAL (about a third of the first page's
 * code) is not needed until they press Sign in.
 */
export function mayHoldSession(): boolean {
  return (
    hasMsalKey(localStorage) ||
    hasMsalKey(sessionStorage) ||
    sessionStorage.getItem(RESET_FLAG) !== null ||
    window.location.hash.length > 1
  );
}

/**
 * Starts downloading MSAL's code at once when the start will need it (a session, or a provider's answer),
 * beside the configuration and the translations rather than after them.
 */
export function preloadMsalIfNeeded(): void {
  if (mayHoldSession()) void import('./msal-auth').catch(() => {});
}

/**
 * The visitor's Auth while MSAL is not loaded: nobody is signed in, and whatever needs the provider loads
 * MSAL first, then is the MSAL Auth's. Once loaded, it answers for everything (a popup sign-in's user too).
 */
export function deferredAuth(
  load: () => Promise<Auth>,
  preload: () => Promise<unknown>,
): Auth & { preload(): void } {
  let loaded: Auth | undefined;
  let loading: Promise<Auth> | undefined;
  const listeners = new Set<() => void>();
  const real = () => {
    loading ??= load().then((auth) => {
      loaded = auth;
      auth.subscribe(() => {
        for (const listener of listeners) listener();
      });
      return auth;
    });
    return loading;
  };
  return {
    user: () => loaded?.user() ?? null,
    login: async (returnTo) => (await real()).login(returnTo),
    getToken: async (returnTo) => (await real()).getToken(returnTo),
    logout: async (reason) => (await real()).logout(reason),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    // The code only: MSAL's start would write its keys, and the next page would load it at once.
    preload: () => {
      void preload().catch(() => {
        // Loaded again, and any failure reported, when the person presses Sign in.
      });
    },
  };
}

/**
 * The portal's Auth: MSAL's at once when the browser may hold a session (its redirect is settled before the
 * first screen), else a visitor's that loads MSAL when it is needed, or when `preload` says the first screen
 * is drawn.
 */
export async function startAuth(
  environment: Environment,
  options: MsalAuthOptions,
): Promise<Auth & { preload?(): void }> {
  const code = () => import('./msal-auth');
  const load = async () => (await code()).createMsalAuth(environment, options);
  return mayHoldSession() ? load() : deferredAuth(load, code);
}
