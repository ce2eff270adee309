import { describe, expect, it, vi } from 'vitest';
import { userWith } from '../test/session-users';
import { areaLoader, visitorLoader } from './guards';
import type { Auth } from './msal-auth';

function fakeAuth(
  signedIn: ReturnType<typeof userWith> | null,
  getToken: Auth['getToken'] = async () => 'token',
): Auth {
  return {
    user: () => signedIn,
    login: vi.fn(async () => {}),
    getToken: vi.fn(getToken),
    logout: vi.fn(async () => {}),
    subscribe: () => () => {},
  };
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
