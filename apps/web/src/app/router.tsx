import { type EndpointSpec, firstScreenRoutes, type QueueSlug, type Route } from '@portal/contracts';
import type { QueryClient } from '@tanstack/react-query';
import {
  createBrowserRouter,
  matchRoutes,
  type NonIndexRouteObject,
  type RouteObject,
  replace,
} from 'react-router';
import { areaLoader, guardsAgain, visitorLoader } from '../auth/guards';
import type { Auth } from '../auth/msal-auth';
import { hasRole, type Role, type SessionUser } from '../auth/session-user';
import { apiQueryOptions } from '../http/api-hooks';
import type { HttpClient } from '../http/http-client';
import { LoaderBar } from '../layout/loader-bar';
import { Layout } from './layout';
import { NotFoundPage } from './not-found-page';
import { RouteErrorPage } from './route-error-page';

type LazyPage = () => Promise<{ Component: RouteObject['Component'] }>;
/** A screen: its lazy page, or its page and its loader each lazy (the loader's chunk small, to start early). */
type LazyScreen = NonIndexRouteObject['lazy'];

/**
 * The company's onboarding: its page and its loader are lazy each, the loader's chunk
 * small, so that the application is asked for beside the page's code; the loader has it read before the
 * screen first paints.
 */
const onboardingPage = async () =>
  (await import('../areas/external/onboarding/onboarding-page')).OnboardingPage;
const onboardingLoader = () => import('../areas/external/onboarding/onboarding-loader');

/** What the guards and the screens' loaders read with (main.tsx): the session, the query cache, the API. */
export interface RouterDeps {
  auth: Auth;
  queryClient: QueryClient;
  http: HttpClient;
}

/**
 * What a route says of its screen. An area names its role; a landing may name the data it
 * shows first (an endpoint without input), which prefetchScreenData asks for at the start, beside the
 * screen's code rather than a round trip after it (the screen then finds it in the cache, or in flight).
 */
interface ScreenHandle {
  role?: Role;
  data?: ScreenData;
}

/** A GET with no parameters, no query and no body: what a landing reads first. */
type ScreenData = Route<
  EndpointSpec & { method: 'GET'; params?: undefined; query?: undefined; body?: undefined }
>;

/** A screen: its lazy page (and loader), and what its route says of it. */
type Screen = LazyScreen | { screen: LazyScreen; handle: ScreenHandle };
const screenRoute = (screen: Screen) =>
  screen && 'screen' in screen ? { lazy: screen.screen, handle: screen.handle } : { lazy: screen };

/**
 * An area: its role guard runs as the loader of the area and of every child route (spec §2, §6); each of
 * its screens is a lazy chunk of its own.
 */
const area = (
  auth: Auth | undefined,
  path: string,
  role: Role,
  home: Screen,
  screens: Record<string, Screen> = {},
): RouteObject => ({
  path,
  handle: { role } satisfies ScreenHandle,
  ...(auth ? { loader: areaLoader(auth, role), shouldRevalidate: guardsAgain } : {}),
  errorElement: <RouteErrorPage />,
  children: [
    { index: true, ...screenRoute(home) },
    ...Object.entries(screens).map(([path, screen]) => ({ path, ...screenRoute(screen) })),
    { path: '*', Component: NotFoundPage },
  ],
});

/** The roles an endpoint admits: a screen that reads only it admits the same people. */
const accessRoles = (endpoint: Pick<EndpointSpec, 'access'>): readonly Role[] =>
  typeof endpoint.access === 'object' ? endpoint.access.roles : [];

/** A reviewers' queue: the three share one lazy page (queue-page.tsx), each with its slug. */
const queueScreen =
  (queue: QueueSlug): LazyPage =>
  async () => ({ Component: (await import('../areas/emvo/queues/queue-page')).QUEUE_SCREENS[queue] });

/**
 * spec §2 routes: '' (visitors), emvo, admin, external (each lazy-loaded and guarding itself and its
 * children) and ** (not found). The guards and the screens' data run as loaders: without `deps` the
 * table has none, for preloadScreenCode below.
 */
function appRoutes(deps?: RouterDeps): RouteObject[] {
  const auth = deps?.auth;
  return [
    {
      element: <Layout />,
      // While the first page's guard runs (a token, maybe a sign-in), the page stays blank but for the loader.
      HydrateFallback: LoaderBar,
      // A failure in the layout itself; the areas' own failures show inside the layout (area() above).
      errorElement: (
        <main id="main" className="main">
          <RouteErrorPage />
        </main>
      ),
      children: [
        // The '' area: its visitors' guard runs before any of its screens (sign-in, registration, the mail link).
        {
          ...(auth ? { loader: visitorLoader(auth) } : {}),
          errorElement: <RouteErrorPage />,
          children: [
            {
              index: true,
              lazy: async () => ({ Component: (await import('../areas/auth/sign-in-page')).SignInPage }),
            },
            {
              path: 'register',
              lazy: async () => ({ Component: (await import('../areas/auth/register-page')).RegisterPage }),
            },
            {
              path: 'confirm',
              lazy: async () => ({ Component: (await import('../areas/auth/confirm-page')).ConfirmPage }),
            },
          ],
        },
        area(
          auth,
          'emvo',
          'EMVO',
          {
            screen: async () => ({ Component: (await import('../areas/emvo/emvo-home-page')).EmvoHomePage }),
            handle: { data: firstScreenRoutes.queueSummary },
          },
          {
            legitimacy: queueScreen('legitimacy'),
            contractual: queueScreen('contractual'),
            financial: queueScreen('financial'),
            'session-tokens': async () => ({
              Component: (await import('../areas/emvo/session-tokens/session-tokens-page')).SessionTokensPage,
            }),
            'tests-status-metrics': async () => ({
              Component: (await import('../areas/emvo/metrics/metrics-page')).MetricsPage,
            }),
            // One check of a queue; the page answers "not found" for a slug that names no queue.
            ':queue/:checkId': async () => ({
              Component: (await import('../areas/emvo/check-detail/check-detail-page')).CheckDetailPage,
            }),
          },
        ),
        // The company page: reviewers work on it, administrators read it (its API's readers), so it guards
        // itself beside the emvo area rather than inside it; its static segment outranks a check's address.
        {
          path: 'emvo/companies/:obpNumber',
          ...(auth
            ? {
                loader: areaLoader(auth, accessRoles(firstScreenRoutes.companyPage)),
                shouldRevalidate: guardsAgain,
              }
            : {}),
          errorElement: <RouteErrorPage />,
          lazy: async () => ({
            Component: (await import('../areas/emvo/company/company-page')).CompanyPage,
          }),
        },
        area(
          auth,
          'admin',
          'ADMIN',
          {
            screen: async () => ({
              Component: (await import('../areas/admin/admin-home-page')).AdminHomePage,
            }),
            handle: { data: firstScreenRoutes.adminSummary },
          },
          {
            users: async () => ({
              Component: (await import('../areas/admin/users/users-page')).UsersPage,
            }),
            gateways: async () => ({
              Component: (await import('../areas/admin/gateways/gateways-page')).GatewaysPage,
            }),
            tooltips: async () => ({
              Component: (await import('../areas/admin/tooltips/tooltips-page')).TooltipsPage,
            }),
            'disclaimer-contents': async () => ({
              Component: (await import('../areas/admin/disclaimer-contents/disclaimer-contents-page'))
                .DisclaimerContentsPage,
            }),
            storage: async () => ({
              Component: (await import('../areas/admin/storage/storage-page')).StoragePage,
            }),
            audit: async () => ({
              Component: (await import('../areas/admin/audit/audit-page')).AuditPage,
            }),
          },
        ),
        area(
          auth,
          'external',
          'EXTERNAL',
          // The company's landing is its onboarding overview: /external itself had only a link to it.
          async () => {
            const { ONBOARDING_PATH } = await import('../areas/external/onboarding/journey');
            return { loader: () => replace(ONBOARDING_PATH) };
          },
          {
            // Each step has its own address below (step-routes.tsx).
            'onboarding/*': {
              screen: {
                Component: onboardingPage,
                ...(deps ? { loader: async () => (await onboardingLoader()).onboardingLoader(deps) } : {}),
              },
              handle: { data: firstScreenRoutes.onboardingAnswer },
            },
          },
        ),
        // The footer's legal texts, for visitors and signed-in users (no guard).
        {
          path: 'legal/:page',
          errorElement: <RouteErrorPage />,
          lazy: async () => ({ Component: (await import('./legal-text-page')).LegalTextPage }),
        },
        { path: '*', Component: NotFoundPage },
      ],
    },
  ];
}

/** The route table without guards or loaders, made once: the start reads it for a screen's code and data. */
let bareRoutes: RouteObject[] | undefined;
function routesOf(pathname: string) {
  bareRoutes ??= appRoutes();
  return matchRoutes(bareRoutes, pathname) ?? [];
}

export function createAppRouter(deps: RouterDeps) {
  return createBrowserRouter(appRoutes(deps));
}

/**
 * Starts fetching the code of the screen at `pathname` at once, while the start still loads the
 * configuration, the translations and the session; the router would ask for it only once its guard could
 * run, a round trip later. A visitor the guard then sends elsewhere has fetched a chunk for nothing.
 */
export function preloadScreenCode(pathname: string): void {
  for (const { route } of routesOf(pathname)) {
    const loads = typeof route.lazy === 'function' ? [route.lazy] : Object.values(route.lazy ?? {});
    for (const load of loads) void load?.().catch(() => {});
  }
}

/**
 * Asks at the start for the data of the screen at `pathname` (its route's `data`), when the
 * signed-in user has the role of its area, beside the screen's code: on a slow network the screen's largest
 * text came a round trip later when its loader, in the screen's chunk, asked for it.
 */
export function prefetchScreenData(
  { queryClient, http }: Omit<RouterDeps, 'auth'>,
  user: SessionUser | null,
  pathname: string,
): void {
  const handles = routesOf(pathname).map(({ route }) => (route.handle ?? {}) as ScreenHandle);
  const role = handles.find((handle) => handle.role)?.role;
  const data = handles.find((handle) => handle.data)?.data;
  if (role && data && hasRole(user, role)) void queryClient.prefetchQuery(apiQueryOptions(http, data, {}));
}

/** Resolves once the router's first navigation is done (its guards, lazy code and loaders): main.tsx. */
export function routerInitialized(router: Pick<ReturnType<typeof createAppRouter>, 'state' | 'subscribe'>) {
  return new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}
