import { onboardingApi } from '@portal/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import type { HttpHandler } from 'msw';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, beforeEach, vi } from 'vitest';
import { AuthProvider } from '../../../auth/auth-context';
import { EnvironmentProvider } from '../../../config/environment-context';
import { stubResizeObserver } from '../../../forms/test-form';
import { createQueryClient } from '../../../http/error-handler';
import { createHttpClient } from '../../../http/http-client';
import { HttpProvider } from '../../../http/http-context';
import { LiveProvider } from '../../../live/live-context';
import type { LiveHub } from '../../../live/live-hub';
import { TEST_ENVIRONMENT } from '../../../test/render-with-providers';
import { testAuth, userWith } from '../../../test/session-users';
import { createTestI18n } from '../../../test/test-i18n';
import { worldSuite } from '../../../test/world-suite';
import { toast } from '../../../toast/toast';
import { fieldId } from './legitimacy-values';
import { OnboardingPage } from './onboarding-page';
import { type CompanyState, putCompanyIn } from './test-company';

/** A call the SPA sent to /api/onboarding/*: "METHOD path" and its JSON body. */
export interface SentCall {
  call: string;
  body: unknown;
}

/** A signed-in external user whose token the download sends. */
const auth = testAuth(userWith('EmvoPortalExternal'));

/**
 * Renders the onboarding at `path` (a step's own address; the legitimacy step by default) with the app's
 * providers, its real HTTP client (msw answers) and a data router (the steps' unsaved-changes guard needs
 * one), as app/router.tsx mounts it; `live`: the live hub a test speaks through.
 */
export function renderOnboardingPage(
  path = '/external/onboarding/legitimacy',
  options: { live?: LiveHub } = {},
) {
  const handleError = vi.fn();
  const queryClient = createQueryClient(handleError);
  const client = createHttpClient({
    baseUrl: location.origin,
    getToken: async () => 'mock.EXTERNAL',
    language: () => 'en',
  });
  const router = createMemoryRouter(
    [
      { path: '/external/onboarding/*', Component: OnboardingPage },
      { path: '/external', element: <h1>External home</h1> },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <I18nextProvider i18n={createTestI18n()}>
      <EnvironmentProvider environment={{ ...TEST_ENVIRONMENT, apiUrl: location.origin }}>
        <AuthProvider auth={auth}>
          <QueryClientProvider client={queryClient}>
            <HttpProvider client={client}>
              <LiveProvider hub={options.live}>
                <RouterProvider router={router} />
              </LiveProvider>
            </HttpProvider>
          </QueryClientProvider>
        </AuthProvider>
      </EnvironmentProvider>
    </I18nextProvider>,
  );
  return { ...view, handleError, router, queryClient };
}

/** A form field by its name (its id is the one the missing items' links point to). */
export function field(name: string): HTMLElement {
  const element = document.getElementById(fieldId(name));
  if (!element) throw new Error(`No field ${name}`);
  return element;
}

/** Every input, select and textarea of the legitimacy form (a role query over this form would be slow). */
export const controls = () =>
  Array.from(
    document.querySelectorAll<HTMLInputElement>(
      'form[aria-labelledby="legitimacy-title"] input:not([type="hidden"]), form[aria-labelledby="legitimacy-title"] textarea',
    ),
  );

/**
 * Each test renders a whole application form, and a save resets it: on a busy machine that takes more than
 * findBy's default second, and a test more than vitest's default five.
 */
export const SLOW = { timeout: 5_000 };
export const PAGE_TESTS = { timeout: 20_000 };

/** Renders the legitimacy step and waits for its form. */
export async function openOnboardingPage() {
  const view = renderOnboardingPage();
  await waitFor(() => field('company.legalName'), SLOW);
  return view;
}

/** The toasts the page shows, spied on and kept off screen. */
export function spyToasts() {
  return {
    success: vi.spyOn(toast, 'success').mockImplementation(() => undefined),
    error: vi.spyOn(toast, 'error').mockImplementation(() => undefined),
  };
}

/**
 * The set-up of an onboarding page suite, called at its top: a fresh world per test (worldSuite), the
 * toasts spied and cleared, ResizeObserver stubbed. `serve(state, ...overrides)` puts this test's external
 * company in `state` (test-company.ts), with `overrides` before the world (a staged refusal), and returns
 * what the SPA sends to /api/onboarding/* from then on, read from the suite's recorded calls.
 */
export function onboardingSuite() {
  const { server, world, calls } = worldSuite();
  const toasts = spyToasts();
  beforeEach(() => {
    toasts.success.mockClear();
    toasts.error.mockClear();
  });
  beforeAll(() => stubResizeObserver());
  async function serve(state: CompanyState, ...overrides: HttpHandler[]): Promise<() => SentCall[]> {
    await putCompanyIn(world().db, state);
    server.resetHandlers(...overrides, ...world().handlers);
    const from = calls.length;
    return () =>
      calls
        .slice(from)
        .filter((call) => call.url.startsWith(`${onboardingApi.answer.path}/`))
        .map((call) => ({ call: `${call.method} ${call.url.split('?')[0]}`, body: call.body }));
  }
  return { toasts, world, serve };
}

/**
 * The fields of `paths` (a domain rule's required fields, `*` for a list's index: the first entry is looked
 * at) that are on screen, each with whether it is marked required: aria-required (or required) on the
 * control and * in its label. Paths of lists (no control of that name) are left out.
 */
export function requiredMarks(paths: readonly string[]): Array<{ name: string; marked: boolean }> {
  return paths.flatMap((path) => {
    const name = path.replaceAll('*', '0');
    const control = document.getElementById(fieldId(name));
    if (!control) return [];
    const label = document.querySelector(`label[for="${control.id}"]`);
    const required = control.getAttribute('aria-required') === 'true' || control.hasAttribute('required');
    return [{ name, marked: required && (label?.textContent ?? '').includes('*') }];
  });
}
