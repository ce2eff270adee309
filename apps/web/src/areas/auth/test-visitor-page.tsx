import { type ByRoleMatcher, configure, screen } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { createMemoryRouter } from 'react-router';
import { afterAll, beforeAll, beforeEach, vi } from 'vitest';
import type { Auth } from '../../auth/msal-auth';
import { createErrorHandler, createQueryClient } from '../../http/error-handler';
import { createHttpClient } from '../../http/http-client';
import { createMockContext, createMockHandlers } from '../../test/fake-api/handlers';
import { addDemoLinks } from '../../test/fake-api/test-company';
import { renderApp } from '../../test/render-app';
import { testAuth } from '../../test/session-users';
import { createTestI18n } from '../../test/test-i18n';
import { ConfirmPage } from './confirm-page';
import { RegisterPage } from './register-page';
import { SignInPage } from './sign-in-page';

/**
 * Role queries without the visibility check, which makes each query compute every element's style in jsdom
 * (hundreds of milliseconds on a form this size); these pages hide nothing with CSS.
 */
export const byRole = (role: ByRoleMatcher, name?: string | RegExp) =>
  screen.getByRole(role, { name, hidden: true });
export const findByRole = (role: ByRoleMatcher, name?: string | RegExp) =>
  screen.findByRole(role, { name, hidden: true });

/**
 * Test helper of the visitor pages: mock mode's handlers (msw, no delay, a fresh demo world with the
 * confirm page's links for every test) answer the real HTTP client. Call it at the top of a test file; it
 * returns the server (for one-off answers), the mails the mock "sent" (its outbox) and the store.
 */
export function serveRegistrationApi() {
  const server = setupServer();
  let context = createMockContext({ delayMs: 0 });
  beforeAll(() => {
    server.listen({ onUnhandledRequest: 'error' });
    // A page waits for a call and a render of the whole form: on a busy machine that can take more than
    // Testing Library's default second. A longer wait costs nothing when the page is quick.
    configure({ asyncUtilTimeout: 5000 });
  });
  beforeEach(() => {
    context = createMockContext({ delayMs: 0 });
    addDemoLinks(context.db);
    server.resetHandlers(...createMockHandlers({ delayMs: 0, db: context.db }));
  });
  afterAll(() => server.close());
  const mails = () => context.db.outbox.map((mail) => ({ to: mail.toAddress, link: mail.link }));
  return { server, mails, db: () => context.db };
}

/**
 * Renders the visitor pages at `path` as the app does: the real HTTP client, the app's error handler in the
 * query client (its toasts collected in `toasts`), a visitor's Auth whose login resolves at once.
 */
export function renderVisitorPage(path: string) {
  const toasts: string[] = [];
  const i18n = createTestI18n();
  const login = vi.fn<Auth['login']>(async () => {});
  const auth = testAuth(null, { login });
  const handleError = createErrorHandler({
    t: (key, values) => i18n.t(key, values),
    hasTranslation: (key) => i18n.exists(key),
    notify: (message) => toasts.push(message),
    closeModal: () => {},
    logout: () => {},
    navigate: () => {},
    goBack: () => {},
    production: false,
    online: () => true,
    markUnavailable: () => {},
  });
  // jsdom's fetch needs an absolute address; msw answers the handlers' relative paths on this origin.
  const http = createHttpClient({
    baseUrl: location.origin,
    getToken: async () => undefined,
    language: () => 'en',
  });
  const router = createMemoryRouter(
    [
      { path: '/', Component: SignInPage },
      { path: '/register', Component: RegisterPage },
      { path: '/confirm', Component: ConfirmPage },
      { path: '/external', element: <h1>External area</h1> },
    ],
    { initialEntries: [path] },
  );
  const view = renderApp(router, { auth, http, queryClient: createQueryClient(handleError), i18n });
  return { ...view, toasts, login, router };
}
