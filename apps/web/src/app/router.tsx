import type { QueueSlug } from '@portal/contracts';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { areaLoader, guardsAgain, visitorLoader } from '../auth/guards';
import type { Auth } from '../auth/msal-auth';
import type { Role } from '../auth/session-user';
import { LoaderBar } from '../layout/loader-bar';
import { Layout } from './layout';
import { NotFoundPage } from './not-found-page';
import { RouteErrorPage } from './route-error-page';

type LazyPage = () => Promise<{ Component: RouteObject['Component'] }>;

/**
 * An area: its role guard runs as the loader of the area and of every child route (spec §2, §6); each of
 * its screens is a lazy chunk of its own.
 */
const area = (
  auth: Auth | undefined,
  path: string,
  role: Role,
  home: LazyPage,
  screens: Record<string, LazyPage> = {},
): RouteObject => ({
  path,
  ...(auth ? { loader: areaLoader(auth, role), shouldRevalidate: guardsAgain } : {}),
  errorElement: <RouteErrorPage />,
  children: [
    { index: true, lazy: home },
    ...Object.entries(screens).map(([screen, lazy]) => ({ path: screen, lazy })),
    { path: '*', Component: NotFoundPage },
  ],
});

/** A reviewers' queue: the three share one lazy page (queue-page.tsx), each with its slug. */
const queueScreen =
  (queue: QueueSlug): LazyPage =>
  async () => ({ Component: (await import('../areas/emvo/queues/queue-page')).QUEUE_SCREENS[queue] });

/**
 * spec §2 routes: '' (visitors), emvo, admin, external (each lazy-loaded and guarding itself and its
 * children) and ** (not found). The guards run as loaders: without `auth` the table has none, for
 * preloadScreenCode below.
 */
function appRoutes(auth?: Auth): RouteObject[] {
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
          async () => ({ Component: (await import('../areas/emvo/emvo-home-page')).EmvoHomePage }),
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
        area(
          auth,
          'admin',
          'ADMIN',
          async () => ({ Component: (await import('../areas/admin/admin-home-page')).AdminHomePage }),
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
          async () => ({
            Component: (await import('../areas/external/external-home-page')).ExternalHomePage,
          }),
          {
            // Issue 23 item 1: each step has its own address below (onboarding-page.tsx's routes).
            'onboarding/*': async () => ({
              Component: (await import('../areas/external/onboarding/onboarding-page')).OnboardingPage,
            }),
          },
        ),
        // Issue 23 item 20: the footer's legal texts, for visitors and signed-in users (no guard).
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

export function createAppRouter(auth: Auth) {
  return createBrowserRouter(appRoutes(auth));
}

/**
 * Issue 15: starts fetching the code of the screen at `pathname` at once, while the start still loads the
 * configuration, the translations and the session; the router would ask for it only once its guard could
 * run, a round trip later. A visitor the guard then sends elsewhere has fetched a chunk for nothing.
 */
export function preloadScreenCode(pathname: string): void {
  for (const { route } of matchRoutes(appRoutes(), pathname) ?? []) {
    if (typeof route.lazy === 'function') void route.lazy().catch(() => {});
  }
}
