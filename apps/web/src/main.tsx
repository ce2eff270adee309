import type { QueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { afterFirstScreen } from './app/after-first-screen';
import { createAppRouter, prefetchScreenData, preloadScreenCode, routerInitialized } from './app/router';
import { prefetchPendingDisclaimers } from './auth/disclaimer-gate';
import type { Auth } from './auth/msal-auth';
import { landingPath } from './auth/session-user';
import { preloadMsalIfNeeded, startAuth } from './auth/start-auth';
import { type Environment, loadEnvironment } from './config/environment';
import { createErrorHandler, createQueryClient, toastNotify } from './http/error-handler';
import { createHttpClient } from './http/http-client';
import { currentLanguage, initI18n } from './i18n/i18n';
import { warmUpNumberFormat } from './i18n/number-format';
import { prefetchFooterLinks } from './layout/footer';
import { createLiveHub } from './live/live-hub';
import { closeModal } from './modal/modal-store';
import { yieldToMain } from './scheduling/yield-to-main';
import { toast } from './toast/toast';
import './app/portal.css';
import { AppProviders } from './app/app-providers';

const container = document.getElementById('root') as HTMLElement;
const root = createRoot(container);

/** spec §7 mock mode: MSW answers the calls and a demo user is signed in; both load only in that mode. */
async function createAuth(
  environment: Environment,
  onMockChange: () => void,
): Promise<Auth & { preload?(): void }> {
  if (!environment.mock) return startAuth(environment, { notify: (message) => toast.error(message) });
  // The API's worker (its code, PGlite, the world) starts loading first, beside msw's code and start.
  const connecting = import('./mock/mock-api-client').then(({ connectMockApi }) =>
    connectMockApi(onMockChange),
  );
  const [{ startMockMode }, { createMockAuth, mockRoleFromLocation, mockUserFromLocation }, api] =
    await Promise.all([import('./mock/start-mock'), import('./mock/mock-auth'), connecting]);
  await startMockMode(api);
  const email = mockUserFromLocation();
  return createMockAuth(mockRoleFromLocation(), { account: email ? await api.accountOf(email) : undefined });
}

/**
 * style.md: the configuration and the translations are loaded before the first render. The start
 * is cut into tasks (the translations, MSAL's start and its redirect, the router and its first navigation,
 * then the render, itself a transition that React cuts into short slices), so that no one task holds the
 * main thread long on a slow phone.
 */
async function start() {
  const firstPath = window.location.pathname;
  const loading = Promise.all([loadEnvironment(), initI18n()]);
  preloadMsalIfNeeded();
  // The screen's code in a task of its own: adding a link per chunk to preload (ten for the reviewers'
  // landing) costs a slow phone about 30 ms, which made the modules' evaluation the start's longest task.
  await yieldToMain();
  preloadScreenCode(window.location.pathname);
  const [environment] = await loading;
  document.title = environment.appName;
  await yieldToMain();
  // Mock mode: what another tab did (a reviewer's decision, say) is read again here at once.
  let queryClient: QueryClient | undefined;
  const auth = await createAuth(environment, () => void queryClient?.invalidateQueries());
  const user = auth.user();
  // A sign-in comes back to the visitor page, whose guard sends the person on to their landing: that
  // screen's code and data are asked for now, beside the router's start, not after the guard's redirect.
  const landing = user && window.location.pathname === '/' ? landingPath(user) : undefined;
  if (landing) preloadScreenCode(landing);
  await yieldToMain();
  const handleError = createErrorHandler({
    t: (key, values) => i18next.t(key, values),
    hasTranslation: (key) => i18next.exists(key),
    notify: toastNotify,
    closeModal,
    logout: (reason) => auth.logout(reason),
    navigate: (path) => void router.navigate(path),
    goBack: () => void router.navigate(-1),
    production: environment.production,
  });
  const http = createHttpClient({
    baseUrl: environment.apiUrl,
    getToken: async () => (auth.user() ? auth.getToken() : undefined),
    language: () => currentLanguage(),
  });
  queryClient = createQueryClient(handleError);
  prefetchPendingDisclaimers(queryClient, http, user);
  prefetchFooterLinks(queryClient, http, user);
  prefetchScreenData({ queryClient, http }, user, landing ?? window.location.pathname);
  // The error handler's navigations above run once the app is up, with the router made here.
  const router = createAppRouter({ auth, queryClient, http });
  const live = createLiveHub();
  // The page stays "Loading the portal…" until the first screen's guard, code and loaders are done:
  // RouterProvider reads the router's state as it first renders but subscribes only when it commits, and
  // the transition render below yields in between; a first navigation ending there was lost and left the
  // page blank for good.
  await routerInitialized(router);
  await yieldToMain();
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProviders
          environment={environment}
          auth={auth}
          queryClient={queryClient}
          http={http}
          router={router}
          live={live}
        />
      </StrictMode>,
    ),
  );
  container.removeAttribute('aria-busy');
  warmUpNumberFormat(currentLanguage());
  // The live stream, a chunk of its own; it opens at sign-in and closes at sign-out. Offline,
  // neither its chunk nor a ticket can come: it starts once the browser is back online. What changes before
  // it opens is read at the screens' next refetch, as while the stream is down.
  const startLive = () =>
    void import('./live/live-connection')
      .then(({ startLiveUpdates }) =>
        startLiveUpdates({ auth, http, queryClient, hub: live, apiUrl: environment.apiUrl }),
      )
      .catch((error: unknown) => console.warn('Live updates could not start', error));
  // The stream's and the vitals' code load once the first screen is drawn with its data,
  // not beside it (on a slow phone they delayed its largest text).
  const startLiveOnline = () =>
    navigator.onLine ? startLive() : window.addEventListener('online', startLive, { once: true });
  afterFirstScreen(router, queryClient, () => {
    void import('./http/web-vitals')
      .then(({ startVitalsReporting }) => startVitalsReporting(http, firstPath))
      .catch(() => {
        // No vitals from this page: nothing the person needs to hear of.
      });
    // A visitor's Sign in then finds MSAL's code loaded.
    auth.preload?.();
    // A visitor downloads none of it until they sign in (mock mode signs in without a page load).
    if (auth.user()) return startLiveOnline();
    const stop = auth.subscribe(() => {
      if (!auth.user()) return;
      stop();
      startLiveOnline();
    });
  });
}

start().catch((error: unknown) => {
  console.error(error);
  // An unreadable configuration shows a clear page, not a blank one (no translations may be loaded yet).
  root.render(
    <main className="main page-section">
      <h1>The portal cannot start</h1>
      <p>Its configuration could not be loaded. Please try again in a moment.</p>
      <button type="button" className="primary" onClick={() => window.location.reload()}>
        Try again
      </button>
    </main>,
  );
  container.removeAttribute('aria-busy');
});
