import { File as NodeFile } from 'node:buffer';
import { onboardingApi } from '@portal/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import { type HttpHandler, http } from 'msw';
import type { SetupServer } from 'msw/node';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { AuthProvider } from '../../../auth/auth-context';
import { EnvironmentProvider } from '../../../config/environment-context';
import { createQueryClient } from '../../../http/error-handler';
import { createHttpClient } from '../../../http/http-client';
import { HttpProvider } from '../../../http/http-context';
import { createMockHandlers } from '../../../mock/handlers';
import type { OnboardingScenario } from '../../../mock/onboarding-data';
import { onboardingHandlers } from '../../../mock/onboarding-handlers';
import { TEST_ENVIRONMENT } from '../../../test/render-with-providers';
import { testAuth, userWith } from '../../../test/session-users';
import { createTestI18n } from '../../../test/test-i18n';
import { fieldId } from './legitimacy-values';
import { OnboardingPage } from './onboarding-page';

/**
 * Test helper (the onboarding screen's tests): mock mode's handlers, the demo company in `scenario`, and
 * `overrides` before them (a staged refusal). Returns the bodies the SPA sent, by "METHOD path".
 */
export function serveOnboarding(
  server: SetupServer,
  scenario: OnboardingScenario,
  ...overrides: HttpHandler[]
) {
  const sent: Array<{ call: string; body: unknown }> = [];
  let created = 0;
  const context = {
    delayMs: 0,
    newId: () => `f2000000-0000-4000-8000-${String(++created).padStart(12, '0')}`,
  };
  const record = http.all(`${onboardingApi.answer.path}/*`, async ({ request }) => {
    const path = new URL(request.url).pathname;
    const type = request.headers.get('content-type') ?? '';
    const body = type.includes('json')
      ? await request.clone().json()
      : type.includes('multipart')
        ? 'multipart'
        : undefined;
    sent.push({ call: `${request.method} ${path}`, body });
    return undefined;
  });
  server.resetHandlers(
    record,
    ...overrides,
    ...onboardingHandlers(context, { scenario }),
    ...createMockHandlers({ delayMs: 0 }),
  );
  return sent;
}

/** A signed-in external user whose token the download sends. */
const auth = testAuth(userWith('EmvoPortalExternal'));

/**
 * fetch for jsdom: the page builds its upload with jsdom's FormData and File, which Node's fetch cannot
 * send (it would post "[object FormData]"); they are copied into Node's own, as a browser would send them.
 */
async function nodeFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  if (!(init?.body instanceof FormData)) return fetch(input, init);
  const NodeFormData = (await new Response(new URLSearchParams()).formData()).constructor as typeof FormData;
  const body = new NodeFormData();
  for (const [name, value] of init.body.entries()) {
    if (typeof value === 'string') body.append(name, value);
    else
      body.append(
        name,
        new NodeFile([new Uint8Array(await value.arrayBuffer())], value.name, {
          type: value.type,
        }) as unknown as Blob,
      );
  }
  return fetch(input, { ...init, body });
}

/** Renders /external/onboarding with the app's providers and its real HTTP client (msw answers). */
export function renderOnboardingPage() {
  const handleError = vi.fn();
  const client = createHttpClient({
    baseUrl: location.origin,
    getToken: async () => 'mock-token',
    language: () => 'en',
    fetch: nodeFetch,
  });
  const view = render(
    <I18nextProvider i18n={createTestI18n()}>
      <EnvironmentProvider environment={{ ...TEST_ENVIRONMENT, apiUrl: location.origin }}>
        <AuthProvider auth={auth}>
          <QueryClientProvider client={createQueryClient(handleError)}>
            <HttpProvider client={client}>
              <MemoryRouter initialEntries={['/external/onboarding']}>
                <OnboardingPage />
              </MemoryRouter>
            </HttpProvider>
          </QueryClientProvider>
        </AuthProvider>
      </EnvironmentProvider>
    </I18nextProvider>,
  );
  return { ...view, handleError };
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

/** Renders the page and waits for its form. */
export async function openOnboardingPage() {
  const view = renderOnboardingPage();
  await waitFor(() => field('company.legalName'), SLOW);
  return view;
}
