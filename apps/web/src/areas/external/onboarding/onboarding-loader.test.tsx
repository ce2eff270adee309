import { type OnboardingAnswer, onboardingApi } from '@portal/contracts';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { Suspense } from 'react';
import type { LoaderFunctionArgs } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { apiKey } from '../../../http/api-call';
import type { HttpClient } from '../../../http/http-client';
import { testAuth, userWith } from '../../../test/session-users';
import { onboardingLoader } from './onboarding-loader';

// The steps' routes, replaced by a marker (their forms need a whole application and a router).
vi.mock('./step-routes', () => ({ StepRoutes: () => <p>The steps</p> }));

const APPLICATION = { organisation: { id: 'o1' } };

const at = (path: string) =>
  ({ request: new Request(`http://localhost${path}`), params: {}, context: {} }) as LoaderFunctionArgs;

function setUp(
  user = userWith('EmvoPortalExternal'),
  answer: () => Promise<unknown> = async () => APPLICATION,
) {
  const http = vi.fn(answer) as unknown as HttpClient;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return { http, queryClient, load: onboardingLoader({ auth: testAuth(user), queryClient, http }) };
}

describe('the onboarding screen’s loader', () => {
  it('has the application read before the screen first paints', async () => {
    const { http, queryClient, load } = setUp();
    await load(at('/external/onboarding'));
    expect(http).toHaveBeenCalledOnce();
    expect(queryClient.getQueryData(apiKey(onboardingApi.answer))).toEqual(APPLICATION);
  });

  it('reads it once: going from step to step asks nothing again', async () => {
    const { http, load } = setUp();
    await load(at('/external/onboarding'));
    await load(at('/external/onboarding/people'));
    expect(http).toHaveBeenCalledOnce();
  });

  it.each([
    ["at a step's address: the step paints with the screen", '/external/onboarding/legitimacy', true],
    ['not at the overview, which needs none of the forms', '/external/onboarding', false],
  ])("has the steps' code loaded %s", async (_where, path, loaded) => {
    // A fresh module: its steps' code not loaded yet.
    vi.resetModules();
    const fresh = await import('./onboarding-loader');
    const { http, queryClient } = setUp();
    await fresh.onboardingLoader({ auth: testAuth(userWith('EmvoPortalExternal')), queryClient, http })(
      at(path),
    );
    const view = render(
      <Suspense fallback={<p>Loading</p>}>
        <fresh.LazyStepRoutes onboarding={APPLICATION as unknown as OnboardingAnswer} steps={[]} />
      </Suspense>,
    );
    // Else its fallback paints first, and the step's arrival moves what is below it (a layout shift).
    expect(view.queryByText('The steps') !== null).toBe(loaded);
    expect(await view.findByText('The steps')).toBeInTheDocument();
  });

  it('asks nothing without the role: the guard beside it sends the user away', async () => {
    const { http, load } = setUp(userWith('EmvoPortalInternal'));
    await load(at('/external/onboarding'));
    expect(http).not.toHaveBeenCalled();
  });

  it('leaves a failed read to the screen (its message and Retry)', async () => {
    const { load } = setUp(undefined, async () => {
      throw new Error('unreachable');
    });
    await expect(load(at('/external/onboarding'))).resolves.toBeNull();
  });
});
