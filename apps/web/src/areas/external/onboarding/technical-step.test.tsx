import { onboardingApi, sessionTokensApi } from '@portal/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sql } from 'kysely';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../../../auth/auth-context';
import { EnvironmentProvider } from '../../../config/environment-context';
import { createQueryClient } from '../../../http/error-handler';
import { createHttpClient } from '../../../http/http-client';
import { HttpProvider } from '../../../http/http-context';
import { getShownModal } from '../../../modal/modal-store';
import { confirmedBeside } from '../../../test/action-feedback';
import { TEST_ENVIRONMENT } from '../../../test/render-with-providers';
import { testAuth, userWith } from '../../../test/session-users';
import { createTestI18n } from '../../../test/test-i18n';
import { useOnboarding } from './onboarding-query';
import { TechnicalStep } from './technical-step';
import { externalCompany } from './test-company';
import { onboardingSuite } from './test-onboarding';

const { toasts, world, serve } = onboardingSuite();

const user = userEvent.setup({ delay: null });
const SLOW = { timeout: 5_000 };

/** The value the reviewer pastes when issuing the company's IQE token. */
const ISSUED_VALUE = 'iqe-session-token-issued-by-the-reviewer';

/** A PEM certificate request as the API checks one (packages/domain isCsrPem). */
const CSR_PEM =
  '-----BEGIN CERTIFICATE REQUEST-----\nMIICWjCCAUICAQAwFTETMBEGA1UEAwwKcG9ydGFsLnRlc3Q=\n-----END CERTIFICATE REQUEST-----\n';

/**
 * This test's world with its external company moved to TECHNICAL_IQE (or TECHNICAL_PRD), with its gateway
 * (offering both environments), an accepted CSR, a token a reviewer issued (and a requested one) and two
 * test runs in IQE; production (when open) has no CSR yet. The company uploads its CSR and the reviewer
 * issues the token through the API; the rest is written to its tables. `bare`: neither the gateway nor a
 * CSR in IQE. Returns the bodies the step sent (onboardingSuite's serve).
 */
async function serveTechnical(
  options: { prd?: boolean; access?: 'FULL' | 'READ_ONLY'; requested?: boolean; bare?: boolean } = {},
) {
  const sent = await serve(options.prd ? 'TECHNICAL_PRD' : 'TECHNICAL_IQE');
  const { db } = world();
  const { userId, organisationId } = await externalCompany(db);
  const written = { createdBy: 'seed', updatedBy: 'seed' };
  const upload = async (environment: 'IQE' | 'PRD') => {
    const form = new FormData();
    form.append('file', new Blob([CSR_PEM]), `${environment.toLowerCase()}.csr`);
    const uploadPath = onboardingApi.uploadCsr.path.replace(':environment', environment);
    return ((await (await world().call('EXTERNAL', 'POST', uploadPath, form)).json()) as { id: string }).id;
  };
  if (!options.bare) {
    const csr = await upload('IQE');
    await db.updateTable('certificateRequests').set({ status: 'ACCEPTED' }).where('id', '=', csr).execute();
    const both = await db
      .selectFrom('gateways')
      .select('id')
      .where('active', '=', true)
      .where('certified', '=', true)
      .where(sql<boolean>`'PRD' = any(environments) and 'IQE' = any(environments)`)
      .orderBy('name')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('organisations')
      .set({ gatewayId: both.id })
      .where('id', '=', organisationId)
      .execute();
  }
  const request = (requestedAt: string) =>
    db
      .insertInto('sessionTokens')
      .values({ organisationId, environment: 'IQE', requestedBy: 'seed', requestedAt, ...written })
      .returning('id')
      .executeTakeFirstOrThrow();
  const issued = await request('2026-03-03T09:00:00.000Z');
  const issuePath = sessionTokensApi.issue.path.replace(':id', issued.id);
  await world().call('EMVO', 'POST', issuePath, { version: 1, value: ISSUED_VALUE });
  if (options.requested) await request('2026-03-04T09:00:00.000Z');
  const run = (scenario: string, errorCode: string | null, executedAt: string) => ({
    ...{
      organisationId,
      environment: 'IQE' as const,
      scenario,
      result: errorCode ? ('FAILED' as const) : ('PASSED' as const),
    },
    ...{ errorCode, executedAt, source: 'MANUAL' as const, approvedBy: null, ...written },
  });
  await db
    .insertInto('testRuns')
    .values([
      run('Verify a pack', 'NMVS_NC_PC_02', '2026-03-05T10:00:00.000Z'),
      run('Decommission a pack', null, '2026-03-05T09:00:00.000Z'),
    ])
    .execute();
  if (options.access)
    await db.updateTable('users').set({ access: options.access }).where('id', '=', userId).execute();
  return sent;
}

/** The second gateway the company may choose for IQE (by name), as the step lists them. */
async function secondGateway() {
  const gateways = await world()
    .db.selectFrom('gateways')
    .select(['id', 'name', 'environments'])
    .where('active', '=', true)
    .where('certified', '=', true)
    .execute();
  return gateways
    .filter((row) => row.environments.includes('IQE'))
    .sort((a, b) => a.name.localeCompare(b.name))[1];
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
    getToken: async () => 'mock.EXTERNAL',
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
    await serveTechnical();
    renderStep();
    const iqe = await region('Acceptance environment (IQE)');
    // "Gateway" is the select's label, not a heading above it as well.
    expect(within(iqe).queryByRole('heading', { name: 'Gateway' })).not.toBeInTheDocument();
    expect(within(iqe).getByLabelText('Gateway')).toBeInTheDocument();
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
    await serveTechnical({ prd: true });
    renderStep();
    const prd = await region('Production environment (PRD)');
    expect(within(prd).getByLabelText('Gateway')).toBeEnabled();
    // The domain's rule: no token request before a CSR of that environment.
    expect(within(prd).getByRole('button', { name: 'Request a session token' })).toBeDisabled();
    expect(prd).not.toHaveTextContent('Opens when a reviewer');
    // No CSR yet: said once, not also as "Latest CSR: none uploaded yet." above the upload.
    expect(prd).toHaveTextContent('No CSR uploaded yet.');
    expect(prd).not.toHaveTextContent(/Latest CSR|none uploaded yet/);
  });

  it('saves the chosen gateway with the version', async () => {
    const sent = await serveTechnical();
    const version = 1;
    const beta = await secondGateway();
    renderStep();
    const iqe = await region('Acceptance environment (IQE)');
    await user.click(within(iqe).getByLabelText('Gateway'));
    await user.click(await screen.findByRole('option', { name: beta?.name }));
    await user.click(within(iqe).getByRole('button', { name: 'Save the gateway' }));
    // Said beside the button that saved it, not in a toast.
    await confirmedBeside('Gateway saved.', within(iqe).getByRole('button', { name: 'Save the gateway' }));
    expect(toasts.success).not.toHaveBeenCalled();
    expect(sent().find((entry) => entry.call === 'PUT /api/onboarding/technical/IQE/gateway')?.body).toEqual({
      version,
      gatewayId: beta?.id,
    });
    const { organisationId } = await externalCompany(world().db);
    const saved = await world()
      .db.selectFrom('organisations')
      .select('gatewayId')
      .where('id', '=', organisationId)
      .executeTakeFirstOrThrow();
    expect(saved.gatewayId).toBe(beta?.id);
  });

  it('requests a session token once the person confirms, then waits for it', async () => {
    const sent = await serveTechnical();
    renderStep();
    const iqe = await region('Acceptance environment (IQE)');
    await user.click(within(iqe).getByRole('button', { name: 'Request a session token' }));
    // The request goes to EMVO's queue: a question first, and nothing is sent until it is answered.
    expect(getShownModal()).toMatchObject({ title: 'external.onboarding.technical.tokens.requestTitle' });
    expect(getShownModal()?.text).toMatch(
      /^EMVO will issue a session token for the Acceptance environment \(IQE\), for your gateway /,
    );
    expect(sent().some((entry) => entry.call.endsWith('/session-token'))).toBe(false);
    act(() => getShownModal()?.primaryButton?.action?.());
    await waitFor(
      () => expect(within(iqe).getByRole('button', { name: 'Request a session token' })).toBeDisabled(),
      SLOW,
    );
    expect(
      sent().find((entry) => entry.call === 'POST /api/onboarding/technical/IQE/session-token')?.body,
    ).toEqual({ version: 1 });
    // The requested token's row (the column "Requested" has the same word).
    await waitFor(() => {
      const tokens = within(iqe).getByRole('table', { name: 'Session tokens' });
      expect(within(tokens).getByRole('cell', { name: 'Requested' })).toBeInTheDocument();
    }, SLOW);
  });

  it('keeps the request closed before the gateway and a CSR, and says what is missing (the API refuses it too)', async () => {
    await serveTechnical({ bare: true });
    renderStep();
    const iqe = await region('Acceptance environment (IQE)');
    const request = within(iqe).getByRole('button', { name: 'Request a session token' });
    expect(request).toBeDisabled();
    expect(request).toHaveAccessibleDescription(
      'To request a session token: choose and save the gateway above; upload a CSR above.',
    );
    // The API refuses it as well, should a request come some other way.
    const answer = (await (await world().call('EXTERNAL', 'GET', onboardingApi.answer.path)).json()) as {
      organisation: { version: number };
    };
    const path = onboardingApi.requestSessionToken.path.replace(':environment', 'IQE');
    await expect(
      world().call('EXTERNAL', 'POST', path, { version: answer.organisation.version }),
    ).rejects.toThrow(/answered 409: \{"code":"TOKEN_REQUEST_NOT_READY"/);
  });

  it("says a CSR the API refuses on the CSR's field, not in a toast", async () => {
    await serveTechnical();
    const { handleError } = renderStep();
    const iqe = await region('Acceptance environment (IQE)');
    const input = within(iqe).getByLabelText(/^Another CSR file/);
    await userEvent.upload(input, new File(['not a request'], 'bogus.csr', { type: 'application/pkcs10' }));
    await user.click(within(iqe).getByRole('button', { name: 'Upload the CSR' }));
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'), SLOW);
    expect(input).toHaveAccessibleDescription(
      expect.stringMatching(/^bogus\.csr was not uploaded: .+ Choose another file\./),
    );
    expect(input).toHaveFocus();
    // The app's handler shows no toast for it (INLINE_ERRORS) and runs only the session's actions.
    expect(handleError).toHaveBeenCalledWith(expect.objectContaining({ status: 400 }), { inline: true });
  });

  it('keeps the request disabled while a token is requested', async () => {
    await serveTechnical({ requested: true });
    renderStep();
    const iqe = await region('Acceptance environment (IQE)');
    expect(within(iqe).getByRole('button', { name: 'Request a session token' })).toBeDisabled();
  });

  it('shows an issued token once, in the copy box, with its expiry', async () => {
    const sent = await serveTechnical();
    renderStep();
    const iqe = await region('Acceptance environment (IQE)');
    // The warning comes before the click that spends the one view.
    await user.click(within(iqe).getByRole('button', { name: 'Show the token (shown once only)' }));
    expect(getShownModal()).toMatchObject({ title: 'external.onboarding.technical.tokens.revealTitle' });
    expect(getShownModal()?.text).toMatch(/only once/);
    expect(sent().filter((entry) => entry.call.endsWith('/reveal'))).toHaveLength(0);
    act(() => getShownModal()?.primaryButton?.action?.());
    const box = await within(iqe).findByLabelText('Session token', {}, SLOW);
    expect(box).toHaveValue(ISSUED_VALUE);
    expect(within(iqe).getByText(/it will not be shown again/)).toBeInTheDocument();
    expect(within(iqe).getByText(/^Expires /)).toBeInTheDocument();
    expect(within(iqe).getByRole('button', { name: 'Copy' })).toBeEnabled();
    await waitFor(
      () =>
        expect(
          within(iqe).queryByRole('button', { name: 'Show the token (shown once only)' }),
        ).not.toBeInTheDocument(),
      SLOW,
    );
    expect(sent().filter((entry) => entry.call.endsWith('/reveal'))).toHaveLength(1);
    // Once the application reloaded, the value is still on screen with its copy button.
    expect(within(iqe).getByLabelText('Session token')).toHaveValue(ISSUED_VALUE);
    expect(within(iqe).getByRole('button', { name: 'Copy' })).toBeEnabled();
  });

  it('a READ_ONLY user sees everything disabled, without actions', async () => {
    await serveTechnical({ access: 'READ_ONLY', prd: true });
    renderStep();
    const iqe = await region('Acceptance environment (IQE)');
    expect(within(iqe).getByLabelText('Gateway')).toBeDisabled();
    expect(within(iqe).queryByRole('button')).not.toBeInTheDocument();
    for (const input of iqe.querySelectorAll('input:not([type="hidden"])')) expect(input).toBeDisabled();
    const prd = await region('Production environment (PRD)');
    expect(within(prd).queryByRole('button')).not.toBeInTheDocument();
  });

  it('is not shown before the company reaches TECHNICAL_IQE', async () => {
    await serve('APPROVED');
    renderStep();
    await waitFor(() => expect(document.body.textContent).toBe(''));
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });
});
