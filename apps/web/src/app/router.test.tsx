import { afterEach, describe, expect, it, vi } from 'vitest';
import { preloadScreenCode } from './router';

// Each screen module, replaced by one that records that it was loaded.
const loaded = vi.hoisted(() => new Set<string>());
vi.mock('../areas/emvo/emvo-home-page', () => {
  loaded.add('emvo home');
  return { EmvoHomePage: () => null };
});
vi.mock('../areas/emvo/queues/queue-page', () => {
  loaded.add('queue');
  return { QUEUE_SCREENS: { legitimacy: () => null, contractual: () => null, financial: () => null } };
});
vi.mock('../areas/admin/users/users-page', () => {
  loaded.add('users');
  return { UsersPage: () => null };
});

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => loaded.clear());

describe('preloadScreenCode', () => {
  it("fetches the code of the address's screen, and only that", async () => {
    preloadScreenCode('/emvo');
    await vi.waitFor(() => expect(loaded).toEqual(new Set(['emvo home'])));
    await settled();
    expect(loaded.has('users')).toBe(false);
  });

  it('finds nested screens, and fetches nothing for an address no screen has', async () => {
    preloadScreenCode('/admin/users');
    await vi.waitFor(() => expect(loaded.has('users')).toBe(true));
    expect(() => preloadScreenCode('/no/such/page')).not.toThrow();
  });
});
