import { describe, expect, it, vi } from 'vitest';
import { testAuth, userWith } from '../test/session-users';
import { areaLoader, guardsAgain, visitorLoader } from './guards';
import type { Auth } from './msal-auth';

function fakeAuth(
  signedIn: ReturnType<typeof userWith> | null,
  getToken: Auth['getToken'] = async () => 'token',
): Auth {
  return testAuth(signedIn, {
    login: vi.fn(async () => {}),
    getToken: vi.fn(getToken),
    logout: vi.fn(async () => {}),
  });
}

const request = (path: string) => new Request(`http://portal.test${path}`);
const redirectOf = async (promise: Promise<unknown>) => {
  const thrown = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  return thrown instanceof Response ? thrown.headers.get('location') : thrown;
};

describe('areaLoader (spec §2 guard, §6 roles)', () => {
  it('signs a visitor in, coming back to the requested URL', async () => {
    const auth = fakeAuth(null);
    await redirectOf(areaLoader(auth, 'EMVO')({ request: request('/emvo/legitimacy?page=2') }));
    expect(auth.login).toHaveBeenCalledWith('/emvo/legitimacy?page=2');
  });

  it('acquires a token silently for a signed-in user and lets the area open', async () => {
    const auth = fakeAuth(userWith('EmvoPortalInternal'));
    await expect(areaLoader(auth, 'EMVO')({ request: request('/emvo') })).resolves.toBeNull();
    expect(auth.getToken).toHaveBeenCalledWith('/emvo');
  });

  it("sends a user without the area's role to '/'", async () => {
    const auth = fakeAuth(userWith('EmvoPortalInternal'));
    expect(await redirectOf(areaLoader(auth, 'ADMIN')({ request: request('/admin/users') }))).toBe('/');
  });

  it('opens a screen of two areas to a user with either role, and sends anyone else away', async () => {
    const readers = ['EMVO', 'ADMIN'] as const;
    const admin = fakeAuth(userWith('EmvoPortalAdmin'));
    await expect(
      areaLoader(admin, readers)({ request: request('/emvo/companies/C00001') }),
    ).resolves.toBeNull();
    const company = fakeAuth(userWith('EmvoPortalExternal'));
    expect(
      await redirectOf(areaLoader(company, readers)({ request: request('/emvo/companies/C00001') })),
    ).toBe('/');
  });

  it('lets other token errors propagate', async () => {
    const failure = new Error('server_unavailable');
    const auth = fakeAuth(userWith('EmvoPortalInternal'), async () => {
      throw failure;
    });
    expect(await redirectOf(areaLoader(auth, 'EMVO')({ request: request('/emvo') }))).toBe(failure);
  });
});

describe("visitorLoader (spec §4: '' is for visitors)", () => {
  it.each([
    ['EMVO', ['EmvoPortalInternal'], '/emvo'],
    ['ADMIN and EMVO', ['EmvoPortalAdmin', 'EmvoPortalInternal'], '/emvo'],
    ['ADMIN', ['EmvoPortalAdmin'], '/admin'],
    ['EXTERNAL', ['EmvoPortalExternal'], '/external'],
  ])('sends a connected %s user on to their area', async (_who, roles, landing) => {
    expect(await redirectOf(visitorLoader(fakeAuth(userWith(...roles)))())).toBe(landing);
  });

  it('logs out a connected user with no role', async () => {
    const auth = fakeAuth(userWith());
    await visitorLoader(auth)();
    expect(auth.logout).toHaveBeenCalled();
  });

  it('lets a visitor in', async () => {
    await expect(visitorLoader(fakeAuth(null))()).resolves.toBeNull();
  });
});

describe('guardsAgain: when an area guard runs again inside the area', () => {
  const url = (path: string) => new URL(path, 'http://portal.test');
  it.each([
    ['another screen', '/emvo/legitimacy', '/emvo/contractual', true],
    ['a check of the queue', '/emvo/legitimacy?overdue=true', '/emvo/legitimacy/c-1', true],
    ['a filter of the same screen', '/emvo/legitimacy', '/emvo/legitimacy?overdue=true', false],
    ['a sort of the same screen', '/admin/gateways?order=name', '/admin/gateways?order=-name', false],
  ])('%s: %s → %s runs it: %s', (_name, from, to, expected) => {
    expect(guardsAgain({ currentUrl: url(from), nextUrl: url(to) })).toBe(expected);
  });
});
