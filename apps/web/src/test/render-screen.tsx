import { createMemoryRouter, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import type { SessionUser } from '../auth/session-user';
import { createErrorHandler, createQueryClient } from '../http/error-handler';
import { createHttpClient } from '../http/http-client';
import type { LiveHub } from '../live/live-hub';
import { mockToken } from '../mock/mock-accounts';
import { closeModal } from '../modal/modal-store';
import { renderApp } from './render-app';
import { TEST_ENVIRONMENT } from './render-with-providers';
import { testAuth, userWith } from './session-users';
import { createTestI18n } from './test-i18n';

export interface RenderScreenOptions {
  /** The routes of the screen (router.tsx's, or stand-ins). */
  routes: RouteObject[];
  /** The URL it opens at. */
  path: string;
  /** The signed-in user's app roles (session-users.ts); a reviewer by default. */
  roles?: string[];
  /** The signed-in user, when a test needs more of them than their roles (their email). */
  user?: SessionUser;
  /** The live hub a test drives; without one, nothing is live. */
  live?: LiveHub;
}

/**
 * A screen as the app renders it, for its tests: its routes on a memory router at `path`, the signed-in
 * user, the real HTTP client (msw answers it) and the app's own error handler wired into the query client,
 * its toasts going to `notify`. Returns the router, its current URL (the query decoded) and the query client.
 */
export function renderScreen({
  routes,
  path,
  roles = ['EmvoPortalInternal'],
  user,
  live,
}: RenderScreenOptions) {
  const i18n = createTestI18n();
  const auth = testAuth(user ?? userWith(...roles));
  const notify = vi.fn();
  const handleError = createErrorHandler({
    t: (key, values) => i18n.t(key, values),
    notify,
    closeModal,
    logout: vi.fn(),
    navigate: vi.fn(),
    goBack: vi.fn(),
    production: false,
    online: () => true,
    shouldShowOffline: () => true,
    markUnavailable: vi.fn(),
  });
  const client = createHttpClient({
    baseUrl: location.origin,
    // Mock auth's token: the handlers answer as the demo account of the user's first role (mock-http callerOf).
    getToken: async () => mockToken(auth.user()?.roles[0] ?? 'none'),
    language: () => 'en',
  });
  const queryClient = createQueryClient(handleError);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = renderApp(router, {
    auth,
    http: client,
    queryClient,
    environment: { ...TEST_ENVIRONMENT, apiUrl: location.origin },
    i18n,
    ...(live ? { live } : {}),
  });
  const url = () => decodeURIComponent(`${router.state.location.pathname}${router.state.location.search}`);
  return { ...view, router, url, notify, i18n, queryClient };
}
