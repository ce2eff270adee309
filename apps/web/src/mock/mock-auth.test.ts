import { describe, expect, it, vi } from 'vitest';
import { type MockRole, mockToken } from './mock-accounts';
import {
  createMockAuth,
  MOCK_ROLE_KEY,
  MOCK_SIGNED_OUT_KEY,
  mockRoleFromLocation,
  mockUserFromLocation,
} from './mock-auth';

const at = (search: string) => ({ search });

describe('mockRoleFromLocation', () => {
  it.each<[string, MockRole]>([
    ['?mockRole=ADMIN', 'ADMIN'],
    ['?mockRole=EMVO', 'EMVO'],
    ['?mockRole=EXTERNAL', 'EXTERNAL'],
    ['?mockRole=none', 'none'],
    ['', 'EMVO'],
    ['?mockRole=ROOT', 'EMVO'],
  ])('%s gives %s', (search, role) => {
    expect(mockRoleFromLocation(at(search))).toBe(role);
  });

  it('remembers the role of the first load in session storage', () => {
    expect(mockRoleFromLocation(at('?mockRole=EXTERNAL'))).toBe('EXTERNAL');
    expect(sessionStorage.getItem(MOCK_ROLE_KEY)).toBe('EXTERNAL');
    expect(mockRoleFromLocation(at(''))).toBe('EXTERNAL');
    expect(mockRoleFromLocation(at('?mockRole=nonsense'))).toBe('EXTERNAL');
    expect(mockRoleFromLocation(at('?mockRole=ADMIN'))).toBe('ADMIN');
  });
});

describe('mockUserFromLocation', () => {
  const spoc = { email: 'spoc@acme.example', displayName: 'Ada Lovelace', roles: ['EXTERNAL' as const] };

  it('signs in as the user ?mockUser= names, until a ?mockRole= chooses a demo account', () => {
    expect(mockUserFromLocation(at('?mockUser=SPOC@acme.example'))).toBe('SPOC@acme.example');
    expect(mockUserFromLocation(at(''))).toBe('SPOC@acme.example');
    expect(mockUserFromLocation(at('?mockRole=EMVO'))).toBeUndefined();
    expect(mockUserFromLocation(at(''))).toBeUndefined();
  });

  it("gives that user's name, roles and token, and signs them in again after a logout", async () => {
    const auth = createMockAuth('EMVO', { account: spoc, navigate: () => {} });
    expect(auth.user()).toMatchObject({ name: 'Ada Lovelace', username: spoc.email, roles: ['EXTERNAL'] });
    expect(await auth.getToken()).toBe(mockToken(spoc.email));
    await auth.logout();
    expect(mockUserFromLocation(at(''))).toBe(spoc.email);
  });
});

describe('createMockAuth', () => {
  it.each<[MockRole, string, string[]]>([
    ['ADMIN', 'Ada Admin', ['ADMIN']],
    ['EMVO', 'Rita Reviewer', ['EMVO']],
    ['EXTERNAL', 'Erik External', ['EXTERNAL']],
    ['none', 'Nora Norole', []],
  ])('signs in a demo %s user through the real claims mapping', async (role, name, roles) => {
    const auth = createMockAuth(role);
    expect(auth.user()).toMatchObject({ name, roles });
    expect(auth.user()?.username).toMatch(/@portal\.test$/);
    // A stable value for useSyncExternalStore.
    expect(auth.user()).toBe(auth.user());
    expect(await auth.getToken()).toBe(mockToken(role));
  });

  it('logout clears local and session storage, notifies, and reloads the visitor page', async () => {
    const navigate = vi.fn();
    const auth = createMockAuth('ADMIN', { navigate });
    const listener = vi.fn();
    auth.subscribe(listener);
    localStorage.setItem('msal.cache', 'x');
    sessionStorage.setItem('portal.somethingElse', 'y');

    await auth.logout();

    expect(localStorage.length).toBe(0);
    expect(sessionStorage.getItem('portal.somethingElse')).toBeNull();
    expect(auth.user()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/');
  });

  it('after the reload the visitor stays signed out, and login signs in as the chosen role', async () => {
    await createMockAuth('ADMIN', { navigate: () => {} }).logout();
    expect(sessionStorage.getItem(MOCK_SIGNED_OUT_KEY)).toBe('1');

    const reloaded = createMockAuth(mockRoleFromLocation(at('')));
    expect(reloaded.user()).toBeNull();
    const listener = vi.fn();
    reloaded.subscribe(listener);
    await reloaded.login('/');
    expect(reloaded.user()?.roles).toEqual(['ADMIN']);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(createMockAuth(mockRoleFromLocation(at(''))).user()).not.toBeNull();
  });

  it('a ?mockRole= after a logout signs in again as that role', async () => {
    await createMockAuth('ADMIN', { navigate: () => {} }).logout();
    expect(createMockAuth(mockRoleFromLocation(at('?mockRole=EMVO'))).user()?.roles).toEqual(['EMVO']);
  });

  it('unsubscribe stops the notifications', async () => {
    const auth = createMockAuth('EMVO', { navigate: () => {} });
    const listener = vi.fn();
    auth.subscribe(listener)();
    await auth.logout();
    expect(listener).not.toHaveBeenCalled();
  });
});
