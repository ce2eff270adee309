import {
  type AccountInfo,
  type Configuration,
  InteractionRequiredAuthError,
  PublicClientApplication,
} from '@azure/msal-browser';
import type { Environment } from '../config/environment';
import { AUTHENTICATION_ERROR_TOAST, classifyRedirectError } from './b2c-errors';
import { RESET_FLAG } from './password-reset-flag';
import { hasForeignPolicy, type SessionUser, toSessionUser } from './session-user';
import { keepSignOutReason } from './sign-out-reason';

/**
 * The portal's sign-in, behind an interface of ours so components and tests never touch MSAL
 * (identity.md). One implementation: MSAL against Azure AD B2C or the local provider shaped like it.
 */
export interface Auth {
  /** The signed-in user, or null for a visitor. */
  user(): SessionUser | null;
  /** Interactive sign-in (popup or redirect per configuration) that comes back to `returnTo`. */
  login(returnTo: string): Promise<void>;
  /** A token for the API: silent, or an interactive sign-in when the provider requires one. */
  getToken(returnTo?: string): Promise<string>;
  /**
   * Ends the session: clears local and session storage (spec §4) and signs out at the provider. A reason is
   * said on the visitor page the sign-out ends on (sign-out-reason.ts).
   */
  logout(reason?: string): Promise<void>;
  /** Called when the user signs in or out. */
  subscribe(listener: () => void): () => void;
}

function msalConfiguration(env: Environment, authority: string, metadata: string | undefined): Configuration {
  const { azureAd } = env;
  return {
    auth: {
      clientId: azureAd.clientId,
      authority,
      knownAuthorities: azureAd.knownAuthorities,
      ...(metadata ? { authorityMetadata: metadata } : {}),
      redirectUri: azureAd.redirectUri,
      postLogoutRedirectUri: azureAd.postLogoutRedirectUri,
    },
    // spec §9: cache in local storage (MSAL v5 defaults to session storage).
    cache: { cacheLocation: 'localStorage' },
    system: {
      // spec §9: token renewal offset 300 s, renewal frame timeout 6000 ms.
      tokenRenewalOffsetSeconds: 300,
      iframeBridgeTimeout: 6000,
    },
  };
}

/** spec §9: the sign-in popup is 483 × 600. */
const POPUP = { popupWindowAttributes: { popupSize: { width: 483, height: 600 } } };

export interface MsalAuthOptions {
  /** Shows a message to the user (the toast of spec §8). */
  notify: (message: string) => void;
}

/**
 * Creates the MSAL client and settles any sign-in redirect that brought the browser back, applying the
 * spec's rules: AADB2C90118 goes to the reset policy, AADB2C90091 is ignored, other errors are notified
 * (spec §8); a token from another policy than the login one is logged out (spec §4).
 */
export async function createMsalAuth(env: Environment, options: MsalAuthOptions): Promise<Auth> {
  const { azureAd } = env;
  const client = new PublicClientApplication(
    msalConfiguration(env, azureAd.authority, azureAd.authorityMetadata),
  );
  await client.initialize();
  // MSAL reads and decodes the account (its id token's claims) from storage each time it is asked: 12 to
  // 19 ms on the mobile profile's CPU, and the user is read on every render that shows it. The answer is
  // kept until MSAL reports anything (sign-in, token, active account, logout), this module signs someone
  // in or out, or another tab changes the storage.
  let known: { account: AccountInfo | null } | undefined;
  const forget = () => {
    known = undefined;
  };
  client.addEventCallback(forget);
  window.addEventListener('storage', forget);
  const listeners = new Set<() => void>();
  const changed = () => {
    forget();
    for (const listener of listeners) listener();
  };
  const setActive = (signedIn: AccountInfo) => {
    client.setActiveAccount(signedIn);
    forget();
  };
  const scopes = azureAd.b2cScopes;
  const popup = azureAd.interactionType === 'popup';

  const resetClient = async () => {
    const reset = new PublicClientApplication(
      msalConfiguration(env, azureAd.resetAuthority, azureAd.resetAuthorityMetadata),
    );
    await reset.initialize();
    return reset;
  };

  const account = (): AccountInfo | null => {
    known ??= { account: client.getActiveAccount() ?? client.getAllAccounts()[0] ?? null };
    return known.account;
  };

  /** Signs out `current`: by default the login client's account; after a reset, the reset client's. */
  async function logout(current: AccountInfo | null = account(), reason?: string): Promise<void> {
    const idTokenHint = current?.idToken;
    // spec §4: logout clears local and session storage.
    localStorage.clear();
    sessionStorage.clear();
    keepSignOutReason(reason);
    changed();
    // identity.md #6: the id token hint lets the provider honour the post-logout redirect.
    await client.logoutRedirect({
      account: current,
      postLogoutRedirectUri: azureAd.postLogoutRedirectUri,
      ...(idTokenHint ? { idTokenHint } : {}),
    });
  }

  async function startPasswordReset(): Promise<void> {
    sessionStorage.setItem(RESET_FLAG, '1');
    await (await resetClient()).loginRedirect({ scopes });
  }

  async function settleRedirect(): Promise<void> {
    const resetting = sessionStorage.getItem(RESET_FLAG) === '1';
    sessionStorage.removeItem(RESET_FLAG);
    const handler = resetting ? await resetClient() : client;
    try {
      const result = await handler.handleRedirectPromise({
        navigateToLoginRequestUrl: azureAd.navigateToLoginRequestUrl,
      });
      if (result?.account) setActive(result.account);
    } catch (error) {
      const outcome = classifyRedirectError(error);
      if (outcome === 'reset-password') return startPasswordReset();
      if (outcome === 'notify') options.notify(AUTHENTICATION_ERROR_TOAST);
      // spec §8 ignores AADB2C90091, but the page the sign-in started from is a protected deep link: its
      // guard would start a new sign-in at once, so Cancel would seem to do nothing. The person chose not
      // to sign in: the visitor page, before the router reads the address.
      if (outcome === 'ignore') window.history.replaceState(null, '', '/');
      return;
    }
    // After a password reset the token comes from the reset policy: spec §4 logs it out, so the user
    // signs in again with the new password through the login policy.
    const signedIn = resetting ? (handler.getAllAccounts()[0] ?? null) : account();
    // The reset's account lives in the reset client's cache, not the login client's: it is the one signed
    // out, with its id token as the hint, or the provider cannot honour the redirect back (a bare
    // "Signed out" page, found by the e2e reset test).
    if (signedIn && hasForeignPolicy(signedIn, azureAd.login.tenantID)) await logout(signedIn);
  }

  async function login(returnTo: string): Promise<void> {
    if (popup) {
      try {
        const result = await client.loginPopup({ scopes, ...POPUP });
        // spec §4, as after a redirect (settleRedirect): a token of another policy is logged out
        // (the popup skipped this check).
        if (hasForeignPolicy(result.account, azureAd.login.tenantID)) {
          await logout(result.account);
          return;
        }
        setActive(result.account);
        changed();
      } catch (error) {
        if (classifyRedirectError(error) === 'reset-password') return startPasswordReset();
        throw error;
      }
      return;
    }
    await client.loginRedirect({ scopes, redirectStartPage: new URL(returnTo, window.location.origin).href });
    // The browser is leaving for the provider: nothing after this runs.
    await new Promise<never>(() => {});
  }

  async function getToken(returnTo = window.location.pathname + window.location.search): Promise<string> {
    const current = account();
    if (!current) {
      await login(returnTo);
      return getToken(returnTo);
    }
    try {
      return (await client.acquireTokenSilent({ scopes, account: current })).accessToken;
    } catch (error) {
      // spec §2: when interaction is required, sign in interactively; other errors propagate.
      if (!(error instanceof InteractionRequiredAuthError)) throw error;
      await login(returnTo);
      return (await client.acquireTokenSilent({ scopes, account: account() ?? current })).accessToken;
    }
  }

  await settleRedirect();

  // One SessionUser per account, so React sees a stable value until someone signs in or out.
  let cached: SessionUser | null = null;
  return {
    user: () => {
      const current = account();
      if (!current) cached = null;
      else if (cached?.account.homeAccountId !== current.homeAccountId) cached = toSessionUser(current);
      return cached;
    },
    login,
    getToken,
    logout: (reason) => logout(account(), reason),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
