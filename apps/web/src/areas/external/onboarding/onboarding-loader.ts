import { firstScreenRoutes } from '@portal/contracts';
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { hasRole, type SessionUser } from '../../../auth/session-user';
import { apiQueryOptions } from '../../../http/api-hooks';
import type { HttpClient } from '../../../http/http-client';
import { preloadableLazy } from '../../../ui/preloadable-lazy';
import { ONBOARDING_PATH } from './journey';

/**
 * The steps' routes (step-routes.tsx), a chunk of their own: the forms' code (react-hook-form, the selects,
 * the file fields) loads with the first step opened, not with the overview. The loader below preloads it
 * at a step's address, so that the screen paints with the step.
 */
export const LazyStepRoutes = preloadableLazy(async () => (await import('./step-routes')).StepRoutes);

/**
 * The onboarding screen's loader, a chunk of its own so that the application is asked
 * for beside the screen's code, not after it. The screen first paints whole: with the application (not as
 * a "Loading" line that the application replaced, pushing the footer down: a layout shift) and, at a
 * step's address, with the steps' code. It runs beside the area's guard: without the role the guard sends
 * the user away, and nothing is asked. A failure is left to the screen (its message and Retry; the error
 * handler has said why).
 */
export const onboardingLoader =
  ({
    auth,
    queryClient,
    http,
  }: {
    auth: { user(): SessionUser | null };
    queryClient: QueryClient;
    http: HttpClient;
  }) =>
  async ({ request }: LoaderFunctionArgs) => {
    if (!hasRole(auth.user(), 'EXTERNAL')) return null;
    const atStep = new URL(request.url).pathname.replace(/\/+$/, '') !== ONBOARDING_PATH;
    await Promise.all([
      queryClient
        .ensureQueryData(apiQueryOptions(http, firstScreenRoutes.onboardingAnswer, {}))
        .catch(() => undefined),
      atStep ? LazyStepRoutes.preload().catch(() => undefined) : undefined,
    ]);
    return null;
  };
