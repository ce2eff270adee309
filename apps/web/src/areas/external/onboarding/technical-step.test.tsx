import type { OnboardingAnswer, TechnicalEnvironmentStep } from '@portal/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { I18nextProvider } from 'react-i18next';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../../../auth/auth-context';
import { EnvironmentProvider } from '../../../config/environment-context';
import { stubResizeObserver } from '../../../forms/test-form';
import { createQueryClient } from '../../../http/error-handler';
import { createHttpClient } from '../../../http/http-client';
import { HttpProvider } from '../../../http/http-context';
import { createMockOnboarding, type MockOnboardingState } from '../../../mock/onboarding-data';
import { technicalHandlers } from '../../../mock/technical-handlers';
import { TEST_ENVIRONMENT } from '../../../test/render-with-providers';
import { testAuth, userWith } from '../../../test/session-users';
import { createTestI18n } from '../../../test/test-i18n';
import { useOnboarding } from './onboarding-api';
import { TechnicalStep } from './technical-step';

const server = setupServer();
beforeAll(() => {
  stubResizeObserver();
  server.listen({ onUnhandledRequest: 'error' });
});
afterAll(() => server.close());

const user = userEvent.setup({ delay: null });
const SLOW = { timeout: 5_000 };

const ACME = { id: 'd1000000-0000-4000-8000-000000000001', name: 'Acme Gateway' };
const BETA = { id: 'd1000000-0000-4000-8000-000000000002', name: 'Beta Gateway' };
const ISSUED_TOKEN = 'e1000000-0000-4000-8000-000000000001';
const inADay = () => new Date(Date.now() + 20 * 60 * 60 * 1000).toISOString();

const environment = (
  name: 'IQE' | 'PRD',
  open: boolean,
  extra: Partial<TechnicalEnvironmentStep> = {},
): TechnicalEnvironmentStep => ({
  environment: name,
  open,
  gateway: null,
  csrs: [],
  tokens: [],
  testRuns: [],
  gateways: open ? [ACME, BETA] : [],
  ...extra,
});

/** The demo company moved to TECHNICAL_IQE (or TECHNICAL_PRD), with a CSR, an issued token and test runs. */
function technicalState(
  options: { prd?: boolean; access?: 'FULL' | 'READ_ONLY'; requested?: boolean } = {},
): MockOnboardingState {
  const state = createMockOnboarding('APPROVED');
  const base = state.onboarding;
  const iqe = environment('IQE', true, {
    csrs: [
      {
        id: 'e2000000-0000-4000-8000-000000000001',
        file: {
          id: 'e3000000-0000-4000-8000-000000000001',
          name: 'iqe.csr',
          size: 900,
          mime: 'application/pkcs10',
        },
        status: 'ACCEPTED',
        uploadedAt: '2026-03-02T09:00:00.000Z',
      },
    ],
    tokens: [
      ...(options.requested
        ? [
            {
              id: 'e1000000-0000-4000-8000-000000000009',
              status: 'REQUESTED' as const,
              requestedAt: '2026-03-04T09:00:00.000Z',
              issuedAt: null,
              expiresAt: null,
              valueAvailable: false,
            },
          ]
        : []),
      {
        id: ISSUED_TOKEN,
        status: 'ISSUED',
        requestedAt: '2026-03-03T09:00:00.000Z',
        issuedAt: new Date().toISOString(),
        expiresAt: inADay(),
        valueAvailable: true,
      },
    ],
    testRuns: [
      {
        scenario: 'Verify a pack',
        result: 'FAILED',
        errorCode: 'NMVS_NC_PC_02',
        executedAt: '2026-03-05T10:00:00.000Z',
      },
      {
        scenario: 'Decommission a pack',
        result: 'PASSED',
        errorCode: null,
        executedAt: '2026-03-05T09:00:00.000Z',
      },
    ],
  });
  const access = options.access ?? 'FULL';
  const onboarding: OnboardingAnswer = {
    ...base,
    access,
    organisation: { ...base.organisation, stage: options.prd ? 'TECHNICAL_PRD' : 'TECHNICAL_IQE' },
    technical: {
      open: true,
      editable: access === 'FULL',
      environments: { IQE: iqe, PRD: environment('PRD', options.prd ?? false) },
    },
  };
  state.onboarding = onboarding;
  return state;
}

/** Serves the state with mock mode's technical handlers; returns the bodies sent, by "METHOD path". */
function serve(state: MockOnboardingState) {
  const sent: Array<{ call: string; body: unknown }> = [];
  server.resetHandlers(
    http.all('/api/onboarding/*', async ({ request }) => {
      const type = request.headers.get('content-type') ?? '';
      const body = type.includes('json') ? await request.clone().json() : undefined;
      sent.push({ call: `${request.method} ${new URL(request.url).pathname}`, body });
      return undefined;
    }),
    http.get('/api/onboarding', () => HttpResponse.json(state.onboarding)),
    ...technicalHandlers({ delayMs: 0, newId: () => crypto.randomUUID() }, state),
  );
  return sent;
}

function Harness() {
  const { data } = useOnboarding();
  return data ? <TechnicalStep onboarding={data} /> : null;
}

const auth = testAuth(userWith('EmvoPortalExternal'));

function renderStep() {
  const handleError = vi.fn();
  const client = createHttpClient({
    baseUrl: location.origin,
    getToken: async () => 'mock-token',
    language: () => 'en',
  });
  render(
    <I18nextProvider i18n={createTestI18n()}>
      <EnvironmentProvider environment={{ ...TEST_ENVIRONMENT, apiUrl: location.origin }}>
        <AuthProvider auth={auth}>
          <QueryClientProvider client={createQueryClient(handleError)}>
            <HttpProvider client={client}>
              <Harness />
            </HttpProvider>
          </QueryClientProvider>
        </AuthProvider>
      </EnvironmentProvider>
    </I18nextProvider>,
  );
  return { handleError };
}

const region = (name: string | RegExp) => screen.findByRole('region', { name }, SLOW);

describe('the technical step', { timeout: 20_000 }, () => {
  it('shows the acceptance environment and says when production opens', async () => {
    serve(technicalState());
    renderStep();
    const iqe = await region('Acceptance environment (IQE)');
    const csrs = within(iqe).getByRole('table', { name: 'Uploaded CSRs' });
    expect(within(csrs).getByRole('link', { name: /iqe\.csr/ })).toBeInTheDocument();
    expect(within(csrs).getByText('Accepted')).toBeInTheDocument();
    const runs = within(iqe).getByRole('table', { name: 'Test runs' });
    expect(within(runs).getByText('Verify a pack')).toBeInTheDocument();
    expect(within(runs).getByText('Failed')).toBeInTheDocument();
    expect(within(runs).getByText('NMVS_NC_PC_02')).toBeInTheDocument();
    expect(within(runs).getByText('Passed')).toBeInTheDocument();
    const prd = await region('Production environment (PRD)');
    expect(prd).toHaveTextContent('Opens when a reviewer moves your company to production');
    expect(within(prd).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows production with its own gateway choice once it is open', async () => {
    serve(technicalState({ prd: true }));
    renderStep();
    const prd = await region('Production environment (PRD)');
    expect(within(prd).getByLabelText('Gateway')).toBeEnabled();
    expect(within(prd).getByRole('button', { name: 'Request a session token' })).toBeEnabled();
    expect(prd).not.toHaveTextContent('Opens when a reviewer');
  });

  it('saves the chosen gateway with the version', async () => {
    const state = technicalState();
    const version = state.onboarding.organisation.version;
    const sent = serve(state);
    renderStep();
    const iqe = await region('Acceptance environment (IQE)');
    await user.click(within(iqe).getByLabelText('Gateway'));
    await user.click(await screen.findByRole('option', { name: 'Beta Gateway' }));
    await user.click(within(iqe).getByRole('button', { name: 'Save the gateway' }));
    await waitFor(() => expect(within(iqe).getByRole('status')).toHaveTextContent('Gateway saved.'), SLOW);
    expect(sent.find((entry) => entry.call === 'PUT /api/onboarding/technical/IQE/gateway')?.body).toEqual({
      version,
      gatewayId: BETA.id,
    });
    expect(state.onboarding.technical.environments.IQE.gateway).toEqual(BETA);
  });

  it('requests a session token, then waits for it', async () => {
    const state = technicalState();
    const sent = serve(state);
    renderStep();
    const iqe = await region('Acceptance environment (IQE)');
    await user.click(within(iqe).getByRole('button', { name: 'Request a session token' }));
    await waitFor(
      () => expect(within(iqe).getByRole('button', { name: 'Request a session token' })).toBeDisabled(),
      SLOW,
    );
    expect(
      sent.find((entry) => entry.call === 'POST /api/onboarding/technical/IQE/session-token')?.body,
    ).toEqual({ version: 3 });
    const tokens = within(iqe).getByRole('table', { name: 'Session tokens' });
    expect(within(tokens).getByText('Requested')).toBeInTheDocument();
  });

  it('keeps the request disabled while a token is requested', async () => {
    serve(technicalState({ requested: true }));
    renderStep();
    const iqe = await region('Acceptance environment (IQE)');
    expect(within(iqe).getByRole('button', { name: 'Request a session token' })).toBeDisabled();
  });

  it('shows an issued token once, in the copy box, with its expiry', async () => {
    const state = technicalState();
    const sent = serve(state);
    renderStep();
    const iqe = await region('Acceptance environment (IQE)');
    await user.click(within(iqe).getByRole('button', { name: 'Show the token' }));
    const box = await within(iqe).findByLabelText('Session token', {}, SLOW);
    expect(box).toHaveValue(`mock-session-token-${ISSUED_TOKEN.slice(-6)}`);
    expect(within(iqe).getByText(/it will not be shown again/)).toBeInTheDocument();
    expect(within(iqe).getByText(/^Expires /)).toBeInTheDocument();
    expect(within(iqe).getByRole('button', { name: 'Copy' })).toBeEnabled();
    await waitFor(
      () => expect(within(iqe).queryByRole('button', { name: 'Show the token' })).not.toBeInTheDocument(),
      SLOW,
    );
    expect(sent.filter((entry) => entry.call.endsWith('/reveal'))).toHaveLength(1);
  });

  it('a READ_ONLY user sees everything disabled, without actions', async () => {
    serve(technicalState({ access: 'READ_ONLY', prd: true }));
    renderStep();
    const iqe = await region('Acceptance environment (IQE)');
    expect(within(iqe).getByLabelText('Gateway')).toBeDisabled();
    expect(within(iqe).queryByRole('button')).not.toBeInTheDocument();
    for (const input of iqe.querySelectorAll('input:not([type="hidden"])')) expect(input).toBeDisabled();
    const prd = await region('Production environment (PRD)');
    expect(within(prd).queryByRole('button')).not.toBeInTheDocument();
  });

  it('is not shown before the company reaches TECHNICAL_IQE', async () => {
    const state = createMockOnboarding('APPROVED');
    serve(state);
    renderStep();
    await waitFor(() => expect(document.body.textContent).toBe(''));
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });
});
