import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Auth } from './msal-auth';
import { RESET_FLAG } from './password-reset-flag';
import { deferredAuth, mayHoldSession } from './start-auth';

const signedIn = { account: { homeAccountId: 'home' } } as unknown as ReturnType<Auth['user']>;

function fakeMsalAuth() {
  let user: ReturnType<Auth['user']> = null;
  const listeners = new Set<() => void>();
  const auth: Auth = {
    user: () => user,
    login: vi.fn(async () => {
      user = signedIn;
      for (const listener of listeners) listener();
    }),
    getToken: vi.fn(async () => 'token'),
    logout: vi.fn(async () => {}),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return auth;
}

describe('mayHoldSession', () => {
  afterEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    window.history.replaceState(null, '', '/');
  });

  it('is false for a browser with nothing of MSAL in its storages', () => {
    localStorage.setItem('i18nextLng', 'en');
    expect(mayHoldSession()).toBe(false);
  });

  it("is true with MSAL's cache, a sign-in under way, a reset under way, or a provider's answer", () => {
    localStorage.setItem('msal.2.account.keys', '[]');
    expect(mayHoldSession()).toBe(true);
    localStorage.clear();
    sessionStorage.setItem('msal.interaction.status', 'x');
    expect(mayHoldSession()).toBe(true);
    sessionStorage.clear();
    sessionStorage.setItem(RESET_FLAG, '1');
    expect(mayHoldSession()).toBe(true);
    sessionStorage.clear();
    window.history.replaceState(null, '', '/#code=abc&state=xyz');
    expect(mayHoldSession()).toBe(true);
  });
});

describe('deferredAuth', () => {
  it('is a visitor and loads nothing until the provider is needed', async () => {
    const load = vi.fn(async () => fakeMsalAuth());
    const auth = deferredAuth(
      load,
      vi.fn(async () => ({})),
    );
    expect(auth.user()).toBeNull();
    expect(load).not.toHaveBeenCalled();
  });

  it("loads MSAL's Auth at sign-in, then answers with it and tells its listeners", async () => {
    const msal = fakeMsalAuth();
    const load = vi.fn(async () => msal);
    const auth = deferredAuth(
      load,
      vi.fn(async () => ({})),
    );
    const heard = vi.fn();
    auth.subscribe(heard);
    await auth.login('/emvo');
    expect(msal.login).toHaveBeenCalledWith('/emvo');
    expect(auth.user()).toBe(signedIn);
    expect(heard).toHaveBeenCalledTimes(1);
    expect(await auth.getToken()).toBe('token');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("preloads the code only: MSAL's start waits for Sign in", async () => {
    const load = vi.fn(async () => fakeMsalAuth());
    const code = vi.fn(async () => ({}));
    deferredAuth(load, code).preload();
    expect(code).toHaveBeenCalledTimes(1);
    expect(load).not.toHaveBeenCalled();
  });
});
