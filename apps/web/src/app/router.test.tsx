import { QueryClient } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../http/http-client';
import { renderApp } from '../test/render-app';
import { testAuth, userWith } from '../test/session-users';
import { createAppRouter, prefetchScreenData, preloadScreenCode, routerInitialized } from './router';

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

vi.mock('../areas/emvo/company/company-page', () => ({
  CompanyPage: () => <h1>The company page</h1>,
}));
vi.mock('../areas/external/onboarding/onboarding-page', () => ({
  OnboardingPage: () => <h1>The onboarding overview</h1>,
}));
vi.mock('../areas/external/onboarding/onboarding-loader', () => ({ onboardingLoader: async () => null }));

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

describe('prefetchScreenData', () => {
  const prefetch = (user: ReturnType<typeof userWith> | null, pathname: string) => {
    const http = vi.fn(async () => ({})) as unknown as HttpClient;
    prefetchScreenData({ queryClient: new QueryClient(), http }, user, pathname);
    return http;
  };

  it("asks for a landing's data at once when the user has its area's role", () => {
    expect(prefetch(userWith('EmvoPortalAdmin'), '/admin')).toHaveBeenCalledWith(
      '/api/admin/summary',
      expect.objectContaining({ method: 'GET' }),
    );
    expect(prefetch(userWith('EmvoPortalInternal'), '/emvo')).toHaveBeenCalledWith(
      '/api/review-queues/summary',
      expect.objectContaining({ method: 'GET' }),
    );
    expect(prefetch(userWith('EmvoPortalExternal'), '/external/onboarding/financial')).toHaveBeenCalledWith(
      '/api/onboarding',
      expect.objectContaining({ method: 'GET' }),
    );
  });

  it('asks for nothing without the role, signed out, or on a screen that names no data', () => {
    expect(prefetch(userWith('EmvoPortalInternal'), '/admin')).not.toHaveBeenCalled();
    expect(prefetch(null, '/external/onboarding')).not.toHaveBeenCalled();
    expect(prefetch(userWith('EmvoPortalAdmin'), '/admin/users')).not.toHaveBeenCalled();
    expect(prefetch(userWith('EmvoPortalInternal'), '/emvo/legitimacy')).not.toHaveBeenCalled();
  });
});

describe('routerInitialized', () => {
  type Listener = (state: { initialized: boolean }) => void;
  const fakeRouter = (initialized: boolean) => {
    const listeners = new Set<Listener>();
    const router = {
      state: { initialized },
      subscribe: (listener: Listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      emit: (initialized: boolean) => {
        router.state = { initialized };
        for (const listener of [...listeners]) listener(router.state);
      },
      listeners,
    };
    return router;
  };
  const tracked = (router: ReturnType<typeof fakeRouter>) => {
    const result = { done: false };
    void routerInitialized(router as never).then(() => {
      result.done = true;
    });
    return result;
  };

  it('waits for the first navigation to be done, then stops listening', async () => {
    const router = fakeRouter(false);
    const result = tracked(router);
    router.emit(false);
    await settled();
    expect(result.done).toBe(false);
    router.emit(true);
    await vi.waitFor(() => expect(result.done).toBe(true));
    expect(router.listeners.size).toBe(0);
  });

  it('resolves at once when the router is initialized already', async () => {
    const router = fakeRouter(true);
    const result = tracked(router);
    await vi.waitFor(() => expect(result.done).toBe(true));
    expect(router.listeners.size).toBe(0);
  });
});

describe('a screen that fails', () => {
  it("shows the portal's error page inside the layout, with a way to try again", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    // The guard's silent token fails the way an unreachable provider makes it fail.
    const auth = testAuth(userWith('EmvoPortalInternal'), {
      getToken: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    window.history.pushState({}, '', '/emvo');
    const http = (async () => ({ items: [] })) as unknown as HttpClient;
    const queryClient = new QueryClient();
    renderApp(createAppRouter({ auth, queryClient, http }), { auth, http, queryClient });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This page could not be shown.' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Something went wrong while loading it. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    // Inside the layout: the top bar and the menu stay.
    expect(screen.getByRole('navigation', { name: 'Account' })).toBeInTheDocument();
    vi.restoreAllMocks();
  });
});

describe("the company's landing", () => {
  it('/external opens the onboarding overview, in place of the landing in the history', async () => {
    const auth = testAuth(userWith('EmvoPortalExternal'));
    window.history.pushState({}, '', '/external');
    const http = (async () => ({})) as unknown as HttpClient;
    const queryClient = new QueryClient();
    const router = createAppRouter({ auth, queryClient, http });
    renderApp(router, { auth, http, queryClient });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'The onboarding overview' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/external/onboarding');
    expect(router.state.historyAction).toBe('REPLACE');
  });
});

describe('the company page', () => {
  const open = (role: string) => {
    const auth = testAuth(userWith(role));
    window.history.pushState({}, '', '/emvo/companies/C00042');
    const http = (async () => ({})) as unknown as HttpClient;
    const queryClient = new QueryClient();
    const router = createAppRouter({ auth, queryClient, http });
    renderApp(router, { auth, http, queryClient });
    return router;
  };

  it.each([
    ['a reviewer', 'EmvoPortalInternal'],
    ['an administrator', 'EmvoPortalAdmin'],
  ])('opens for %s, beside a check of a queue', async (_who, role) => {
    open(role);
    expect(await screen.findByRole('heading', { level: 1, name: 'The company page' })).toBeInTheDocument();
  });

  it('is not the company’s: it goes back to the start, which leads it to its own screens', async () => {
    const router = open('EmvoPortalExternal');
    await vi.waitFor(() => expect(router.state.location.pathname).not.toBe('/emvo/companies/C00042'));
    expect(screen.queryByRole('heading', { name: 'The company page' })).not.toBeInTheDocument();
  });
});
