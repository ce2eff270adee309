import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Environment } from '../config/environment';

/** A stand-in for MSAL's client: records what the auth module asks of it (narrow unit test). */
const instances: FakeClient[] = [];
class FakeClient {
  static redirectOutcome: () => Promise<unknown> = async () => null;
  static accounts: Array<Record<string, unknown>> = [];
  /** Each client's cache: by default every client holds `accounts`. */
  static accountsOf: (authority: string) => Array<Record<string, unknown>> = () => FakeClient.accounts;
  readonly authority: string;
  active: Record<string, unknown> | null = null;
  initialize = vi.fn(async () => {});
  handleRedirectPromise = vi.fn(() => FakeClient.redirectOutcome());
  loginRedirect = vi.fn(async () => {});
  loginPopup = vi.fn(async () => ({ account: FakeClient.accounts[0] }));
  logoutRedirect = vi.fn(async () => {});
  acquireTokenSilent = vi.fn(async () => ({ accessToken: 'access-token' }));
  getAllAccounts = () => FakeClient.accountsOf(this.authority);
  getActiveAccount = () => this.active;
  eventCallbacks: Array<() => void> = [];
  addEventCallback = (callback: () => void) => {
    this.eventCallbacks.push(callback);
    return 'callback-id';
  };
  setActiveAccount = (account: Record<string, unknown> | null) => {
    this.active = account;
  };
  constructor(config: { auth: { authority: string } }) {
    this.authority = config.auth.authority;
    instances.push(this);
  }
}

vi.mock('@azure/msal-browser', () => ({
  PublicClientApplication: FakeClient,
  InteractionRequiredAuthError: class InteractionRequiredAuthError extends Error {},
}));

const { createMsalAuth } = await import('./msal-auth');

const environment = {
  azureAd: {
    clientId: 'spa',
    authority: 'https://idp/t/b2c_1_signin',
    resetAuthority: 'https://idp/t/b2c_1_reset',
    knownAuthorities: ['idp'],
    redirectUri: 'http://portal/redirect.html',
    postLogoutRedirectUri: 'http://portal/',
    navigateToLoginRequestUrl: true,
    interactionType: 'redirect',
    login: { tenantID: 'b2c_1_signin' },
    b2cScopes: ['api-scope'],
  },
} as unknown as Environment;

const account = (acr: string) => ({
  homeAccountId: 'h',
  idToken: 'id-token',
  idTokenClaims: { acr, roles: ['EmvoPortalInternal'] },
});

beforeEach(() => {
  instances.length = 0;
  FakeClient.redirectOutcome = async () => null;
  FakeClient.accounts = [];
  FakeClient.accountsOf = () => FakeClient.accounts;
});

describe('settling a sign-in redirect (spec §8)', () => {
  it('sends AADB2C90118 (forgot password) to the reset policy authority', async () => {
    FakeClient.redirectOutcome = async () => {
      throw new Error('access_denied: AADB2C90118: The user has forgotten their password.');
    };
    const notify = vi.fn();
    await createMsalAuth(environment, { notify });
    const reset = instances.find((client) => client.authority === 'https://idp/t/b2c_1_reset');
    expect(reset?.loginRedirect).toHaveBeenCalledWith({ scopes: ['api-scope'] });
    expect(notify).not.toHaveBeenCalled();
  });

  it('ignores AADB2C90091 (cancelled)', async () => {
    FakeClient.redirectOutcome = async () => {
      throw new Error('access_denied: AADB2C90091: The user has cancelled.');
    };
    window.history.replaceState(null, '', '/admin/gateways?page=2');
    const notify = vi.fn();
    await createMsalAuth(environment, { notify });
    expect(notify).not.toHaveBeenCalled();
    // Back on the visitor page, not on the deep link whose guard would sign in again.
    expect(window.location.pathname + window.location.search).toBe('/');
  });

  it("shows 'Authentification error' for any other redirect error", async () => {
    FakeClient.redirectOutcome = async () => {
      throw new Error('state_mismatch');
    };
    const notify = vi.fn();
    await createMsalAuth(environment, { notify });
    expect(notify).toHaveBeenCalledWith('Authentification error');
  });

  it('logs out a token from another policy than the login one, clearing storage (spec §4)', async () => {
    FakeClient.accounts = [account('b2c_1_other')];
    localStorage.setItem('kept', 'no');
    sessionStorage.setItem('kept', 'no');
    await createMsalAuth(environment, { notify: vi.fn() });
    expect(instances[0]?.logoutRedirect).toHaveBeenCalledWith(
      expect.objectContaining({ idTokenHint: 'id-token' }),
    );
    expect([localStorage.length, sessionStorage.length]).toEqual([0, 0]);
  });

  it('after a password reset, signs out the reset client’s account with its id token as the hint', async () => {
    // The reset's account is in the reset client's cache only; the login client has none.
    FakeClient.accountsOf = (authority) =>
      authority.includes('b2c_1_reset') ? [account('b2c_1_reset')] : [];
    sessionStorage.setItem('portal.passwordReset', '1');
    await createMsalAuth(environment, { notify: vi.fn() });
    const login = instances.find((client) => client.authority === 'https://idp/t/b2c_1_signin');
    expect(login?.logoutRedirect).toHaveBeenCalledWith(
      expect.objectContaining({ idTokenHint: 'id-token', postLogoutRedirectUri: 'http://portal/' }),
    );
  });

  it('keeps a token from the login policy, whatever its case', async () => {
    FakeClient.accounts = [account('B2C_1_SIGNIN')];
    const auth = await createMsalAuth(environment, { notify: vi.fn() });
    expect(instances[0]?.logoutRedirect).not.toHaveBeenCalled();
    expect(auth.user()?.roles).toEqual(['EMVO']);
  });
});

describe('the signed-in user', () => {
  it('is read from MSAL once, then again only after MSAL reports an event or another tab changes storage', async () => {
    FakeClient.accounts = [account('b2c_1_signin')];
    const auth = await createMsalAuth(environment, { notify: vi.fn() });
    const client = instances[0] as FakeClient;
    // Read once while the redirect was settled; every render's user() since comes from memory.
    const reads = vi.spyOn(client, 'getActiveAccount');
    const first = auth.user();
    expect(first?.account.homeAccountId).toBe('h');
    expect(auth.user()).toBe(first);
    expect(reads).not.toHaveBeenCalled();

    // MSAL says something changed (a sign-in elsewhere in the app, a new token, a logout): read again.
    FakeClient.accounts = [{ ...account('b2c_1_signin'), homeAccountId: 'other' }];
    for (const callback of client.eventCallbacks) callback();
    expect(auth.user()?.account.homeAccountId).toBe('other');
    expect(reads).toHaveBeenCalledTimes(1);

    // Another tab signed out (its logout clears the shared local storage).
    FakeClient.accounts = [];
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    expect(auth.user()).toBeNull();
    expect(reads).toHaveBeenCalledTimes(2);
  });
});

describe('tokens (spec §2)', () => {
  it("acquires the app scope's token silently", async () => {
    FakeClient.accounts = [account('b2c_1_signin')];
    const auth = await createMsalAuth(environment, { notify: vi.fn() });
    await expect(auth.getToken()).resolves.toBe('access-token');
    expect(instances[0]?.acquireTokenSilent).toHaveBeenCalledWith(
      expect.objectContaining({ scopes: ['api-scope'] }),
    );
  });

  it('signs in by redirect, coming back to the requested page, when interaction is required', async () => {
    FakeClient.accounts = [account('b2c_1_signin')];
    const { InteractionRequiredAuthError } = await import('@azure/msal-browser');
    const auth = await createMsalAuth(environment, { notify: vi.fn() });
    instances[0]?.acquireTokenSilent.mockRejectedValueOnce(
      new InteractionRequiredAuthError('interaction_required', 'Interaction is required'),
    );
    void auth.getToken('/emvo/legitimacy?page=2');
    await vi.waitFor(() =>
      expect(instances[0]?.loginRedirect).toHaveBeenCalledWith({
        scopes: ['api-scope'],
        redirectStartPage: `${window.location.origin}/emvo/legitimacy?page=2`,
      }),
    );
  });

  it('lets other token errors propagate', async () => {
    FakeClient.accounts = [account('b2c_1_signin')];
    const auth = await createMsalAuth(environment, { notify: vi.fn() });
    instances[0]?.acquireTokenSilent.mockRejectedValueOnce(new Error('server_unavailable'));
    await expect(auth.getToken()).rejects.toThrow('server_unavailable');
  });

  it('uses a 483 × 600 popup in popup mode (spec §9)', async () => {
    FakeClient.accounts = [account('b2c_1_signin')];
    const popupEnvironment = { azureAd: { ...environment.azureAd, interactionType: 'popup' } } as Environment;
    const auth = await createMsalAuth(popupEnvironment, { notify: vi.fn() });
    await auth.login('/');
    expect(instances[0]?.loginPopup).toHaveBeenCalledWith({
      scopes: ['api-scope'],
      popupWindowAttributes: { popupSize: { width: 483, height: 600 } },
    });
  });

  it('logs out a popup sign-in whose token is of another policy, as after a redirect (spec §4)', async () => {
    const popupEnvironment = { azureAd: { ...environment.azureAd, interactionType: 'popup' } } as Environment;
    const auth = await createMsalAuth(popupEnvironment, { notify: vi.fn() });
    instances[0]?.loginPopup.mockResolvedValueOnce({ account: account('b2c_1_other') });
    await auth.login('/');
    expect(instances[0]?.logoutRedirect).toHaveBeenCalledTimes(1);
    expect(instances[0]?.active).toBeNull();

    instances[0]?.loginPopup.mockResolvedValueOnce({ account: account('B2C_1_SIGNIN') });
    await auth.login('/');
    expect(instances[0]?.logoutRedirect).toHaveBeenCalledTimes(1);
    expect(instances[0]?.active).toMatchObject({ idTokenClaims: { acr: 'B2C_1_SIGNIN' } });
  });
});
