import { type OnboardingAnswer, onboardingApi, type TechnicalEnvironmentStep } from '@portal/contracts';
import { isCsrPem, isTechnicalOpen, sessionTokenStatusAt, tokenExpiresAt } from '@portal/domain';
import type { HttpHandler } from 'msw';
import { demoId } from './mock-data';
import { apiError, type MockContext } from './mock-http';
import type { MockOnboardingState } from './onboarding-data';
import { bump, companyWrites, filePart } from './onboarding-writes';

/*
 * The technical step in mock mode (contracts onboardingApi, the technical step): the gateway, the CSR
 * files and the session tokens per environment, with packages/domain technical.ts's rules. Mock mode
 * stands in for EMVO too: a requested token is issued a few seconds later, and its value is shown once.
 */

/** How long mock mode's EMVO takes to issue a requested session token. */
export const MOCK_TOKEN_ISSUE_MS = 3_000;

type Environment = TechnicalEnvironmentStep['environment'];

export function technicalHandlers(context: MockContext, state: MockOnboardingState): HttpHandler[] {
  const { write, versionedWrite, store } = companyWrites(context, state);
  /** Token values (a demo token's is made up) and the tokens shown (the answer only says whether it can be). */
  const secrets = new Map<string, string>();
  const shown = new Set<string>();
  const tokenValue = (tokenId: string) => secrets.get(tokenId) ?? `mock-session-token-${tokenId.slice(-6)}`;
  let created = 0;
  const nextId = (prefix: string) => demoId(prefix, 900 + ++created);

  const withEnvironment = (
    onboarding: OnboardingAnswer,
    environment: Environment,
    change: (step: TechnicalEnvironmentStep) => TechnicalEnvironmentStep,
  ): OnboardingAnswer => ({
    ...onboarding,
    technical: {
      ...onboarding.technical,
      environments: {
        ...onboarding.technical.environments,
        [environment]: change(onboarding.technical.environments[environment]),
      },
    },
  });

  /** The environment open for the company's stage and changeable by it; else the refusal. */
  const locked = (environment: Environment): Response | undefined => {
    const { onboarding } = state;
    if (onboarding.technical.editable && isTechnicalOpen(onboarding.organisation.stage, environment)) {
      return undefined;
    }
    return apiError(409, 'STEP_LOCKED', `The ${environment} environment cannot be changed now`);
  };

  const issue = (tokenId: string) => {
    const issuedAt = new Date();
    for (const environment of ['IQE', 'PRD'] as const) {
      state.onboarding = withEnvironment(state.onboarding, environment, (step) => ({
        ...step,
        tokens: step.tokens.map((token) =>
          token.id === tokenId && token.status === 'REQUESTED'
            ? {
                ...token,
                status: 'ISSUED',
                issuedAt: issuedAt.toISOString(),
                expiresAt: tokenExpiresAt(issuedAt).toISOString(),
                valueAvailable: true,
              }
            : token,
        ),
      }));
    }
  };

  return [
    versionedWrite(onboardingApi.chooseGateway, async ({ params: { environment }, body }) => {
      const refused = locked(environment);
      if (refused) return refused;
      const { onboarding } = state;
      const gateway = onboarding.technical.environments[environment].gateways.find(
        (candidate) => candidate.id === body.gatewayId,
      );
      if (!gateway) {
        return apiError(409, 'GATEWAY_NOT_AVAILABLE', 'This gateway does not offer this environment');
      }
      // One gateway for both environments: it shows wherever it is offered.
      let next: OnboardingAnswer = { ...onboarding, organisation: bump(onboarding) };
      for (const each of ['IQE', 'PRD'] as const) {
        next = withEnvironment(next, each, (step) => ({
          ...step,
          gateway: step.gateways.some((candidate) => candidate.id === gateway.id) ? gateway : null,
        }));
      }
      return store(next);
    }),

    write(onboardingApi.uploadCsr, async ({ params: { environment }, body }) => {
      const refused = locked(environment);
      if (refused) return refused;
      const file = filePart(body);
      if (file instanceof Response) return file;
      if (!file.name.toLowerCase().endsWith('.csr') || !isCsrPem(await file.text())) {
        return apiError(400, 'INVALID_FILE', 'This file is not a certificate signing request (PEM)');
      }
      const stored = {
        id: nextId('c7'),
        name: file.name,
        size: file.size,
        mime: file.type || 'application/pkcs10',
      };
      state.files.set(stored.id, { ...stored, bytes: new Uint8Array(await file.arrayBuffer()) });
      // As at the API, an upload does not change the organisation's version.
      const id = nextId('c8');
      state.onboarding = withEnvironment(state.onboarding, environment, (step) => ({
        ...step,
        csrs: [{ id, file: stored, status: 'UPLOADED', uploadedAt: new Date().toISOString() }, ...step.csrs],
      }));
      return { id, environment, file: stored, status: 'UPLOADED' as const };
    }),

    versionedWrite(onboardingApi.requestSessionToken, async ({ params: { environment } }) => {
      const refused = locked(environment);
      if (refused) return refused;
      const { onboarding } = state;
      const step = onboarding.technical.environments[environment];
      if (step.tokens.some((token) => token.status === 'REQUESTED')) {
        return apiError(409, 'TOKEN_ALREADY_REQUESTED', 'A session token is requested already');
      }
      const id = nextId('c9');
      secrets.set(id, `mock-${environment.toLowerCase()}-${crypto.randomUUID()}`);
      const requested = withEnvironment(
        { ...onboarding, organisation: bump(onboarding) },
        environment,
        (current) => ({
          ...current,
          tokens: [
            {
              id,
              status: 'REQUESTED',
              requestedAt: new Date().toISOString(),
              issuedAt: null,
              expiresAt: null,
              valueAvailable: false,
            },
            ...current.tokens,
          ],
        }),
      );
      setTimeout(() => issue(id), MOCK_TOKEN_ISSUE_MS);
      return store(requested);
    }),

    write(onboardingApi.revealSessionToken, async ({ params: { tokenId } }) => {
      const { IQE, PRD } = state.onboarding.technical.environments;
      const found = [IQE, PRD]
        .flatMap((step) => step.tokens.map((token) => ({ token, environment: step.environment })))
        .find((entry) => entry.token.id === tokenId);
      if (!found) return apiError(404, 'NOT_FOUND', 'No such session token in your company');
      if (shown.has(tokenId)) return apiError(409, 'TOKEN_ALREADY_SHOWN', 'This token was shown already');
      const { token, environment } = found;
      const expiresAt = token.expiresAt ? new Date(token.expiresAt) : null;
      if (!expiresAt || sessionTokenStatusAt({ status: token.status, expiresAt }, new Date()) !== 'ISSUED') {
        return apiError(409, 'TOKEN_NOT_AVAILABLE', 'This token is not issued or has expired');
      }
      if (!token.valueAvailable) return apiError(409, 'TOKEN_ALREADY_SHOWN', 'This token was shown already');
      shown.add(tokenId);
      state.onboarding = withEnvironment(state.onboarding, environment, (step) => ({
        ...step,
        tokens: step.tokens.map((each) => (each.id === tokenId ? { ...each, valueAvailable: false } : each)),
      }));
      return { id: tokenId, environment, value: tokenValue(tokenId), expiresAt: expiresAt.toISOString() };
    }),
  ];
}
