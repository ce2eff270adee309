import {
  type OnboardingAnswer,
  stepVersionSchema,
  type TechnicalEnvironmentStep,
  technicalEnvironmentSchema,
  technicalGatewayInputSchema,
} from '@portal/contracts';
import { isCsrPem, isTechnicalOpen, sessionTokenStatusAt, tokenExpiresAt } from '@portal/domain';
import { type HttpHandler, HttpResponse, http } from 'msw';
import { demoId } from './mock-data';
import { apiError } from './mock-http';
import { protectedHandler } from './mock-resource';
import { type MockOnboardingState, withDerived } from './onboarding-data';
import type { StepHelpers } from './onboarding-steps-handlers';

/*
 * The technical step in mock mode (contracts onboarding-steps.ts "The technical step"): the gateway, the CSR
 * files and the session tokens per environment, with packages/domain technical.ts's rules. Mock mode
 * stands in for EMVO too: a requested token is issued a few seconds later, and its value is shown once.
 */

export const TECHNICAL_MOCK_PATHS = {
  gateway: '/api/onboarding/technical/:environment/gateway',
  csr: '/api/onboarding/technical/:environment/csr',
  sessionToken: '/api/onboarding/technical/:environment/session-token',
  reveal: '/api/onboarding/technical/session-tokens/:tokenId/reveal',
} as const;

/** How long mock mode's EMVO takes to issue a requested session token. */
export const MOCK_TOKEN_ISSUE_MS = 3_000;

type Environment = TechnicalEnvironmentStep['environment'];

export function technicalHandlers(
  delayMs: number,
  state: MockOnboardingState,
  { writable, versionedWrite }: Pick<StepHelpers, 'writable' | 'versionedWrite'>,
): HttpHandler[] {
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
  const bump = (onboarding: OnboardingAnswer): OnboardingAnswer => ({
    ...onboarding,
    organisation: { ...onboarding.organisation, version: onboarding.organisation.version + 1 },
  });

  /** The environment of the route, open for the company's stage and changeable by it; else the refusal. */
  const environmentOf = (params: Record<string, unknown>): Environment | Response => {
    const parsed = technicalEnvironmentSchema.safeParse(params.environment);
    if (!parsed.success) return apiError(404, 'NOT_FOUND', 'No such environment');
    const { onboarding } = state;
    if (!onboarding.technical.editable || !isTechnicalOpen(onboarding.organisation.stage, parsed.data)) {
      return apiError(409, 'STEP_LOCKED', `The ${parsed.data} environment cannot be changed now`);
    }
    return parsed.data;
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
    http.put(
      TECHNICAL_MOCK_PATHS.gateway,
      versionedWrite(technicalGatewayInputSchema, async (input, _request, params) => {
        const { onboarding } = state;
        const environment = environmentOf(params);
        if (environment instanceof Response) return environment;
        const gateway = onboarding.technical.environments[environment].gateways.find(
          (candidate) => candidate.id === input.gatewayId,
        );
        if (!gateway) {
          return apiError(409, 'GATEWAY_NOT_AVAILABLE', 'This gateway does not offer this environment');
        }
        // One gateway for both environments: it shows wherever it is offered.
        let next = bump(onboarding);
        for (const each of ['IQE', 'PRD'] as const) {
          next = withEnvironment(next, each, (step) => ({
            ...step,
            gateway: step.gateways.some((candidate) => candidate.id === gateway.id) ? gateway : null,
          }));
        }
        state.onboarding = withDerived(next);
        return HttpResponse.json(state.onboarding);
      }),
    ),

    http.post(
      TECHNICAL_MOCK_PATHS.csr,
      protectedHandler(delayMs, async (request, params) => {
        const refused = writable();
        if (refused) return refused;
        const environment = environmentOf(params);
        if (environment instanceof Response) return environment;
        const form = await request.formData().catch(() => null);
        const file = form?.get('file');
        if (file === null || file === undefined || typeof file === 'string') {
          return apiError(400, 'BAD_REQUEST', 'Send one file in the field "file"');
        }
        if (!file.name.toLowerCase().endsWith('.csr') || !isCsrPem(await file.text())) {
          return apiError(400, 'INVALID_FILE', 'This file is not a certificate signing request (PEM)');
        }
        const stored = {
          id: nextId('c7'),
          name: file.name,
          size: file.size,
          mime: file.type || 'application/pkcs10',
        };
        state.files.set(stored.id, { ...stored, body: file });
        // As at the API, an upload does not change the organisation's version.
        state.onboarding = withEnvironment(state.onboarding, environment, (step) => ({
          ...step,
          csrs: [
            { id: nextId('c8'), file: stored, status: 'UPLOADED', uploadedAt: new Date().toISOString() },
            ...step.csrs,
          ],
        }));
        return HttpResponse.json(stored, { status: 201 });
      }),
    ),

    http.post(
      TECHNICAL_MOCK_PATHS.sessionToken,
      versionedWrite(stepVersionSchema, async (_input, _request, params) => {
        const { onboarding } = state;
        const environment = environmentOf(params);
        if (environment instanceof Response) return environment;
        const step = onboarding.technical.environments[environment];
        if (step.tokens.some((token) => token.status === 'REQUESTED')) {
          return apiError(409, 'TOKEN_ALREADY_REQUESTED', 'A session token is requested already');
        }
        const id = nextId('c9');
        secrets.set(id, `mock-${environment.toLowerCase()}-${crypto.randomUUID()}`);
        state.onboarding = withDerived(
          withEnvironment(bump(onboarding), environment, (current) => ({
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
          })),
        );
        setTimeout(() => issue(id), MOCK_TOKEN_ISSUE_MS);
        return HttpResponse.json(state.onboarding);
      }),
    ),

    http.post(
      TECHNICAL_MOCK_PATHS.reveal,
      protectedHandler(delayMs, async (_request, params) => {
        const refused = writable();
        if (refused) return refused;
        const tokenId = String(params.tokenId);
        const { IQE, PRD } = state.onboarding.technical.environments;
        const found = [IQE, PRD]
          .flatMap((step) => step.tokens.map((token) => ({ token, environment: step.environment })))
          .find((entry) => entry.token.id === tokenId);
        if (!found) return apiError(404, 'NOT_FOUND', 'No such session token in your company');
        if (shown.has(tokenId)) return apiError(409, 'TOKEN_ALREADY_SHOWN', 'This token was shown already');
        const { token, environment } = found;
        const expiresAt = token.expiresAt ? new Date(token.expiresAt) : null;
        if (
          !expiresAt ||
          sessionTokenStatusAt({ status: token.status, expiresAt }, new Date()) !== 'ISSUED'
        ) {
          return apiError(409, 'TOKEN_NOT_AVAILABLE', 'This token is not issued or has expired');
        }
        if (!token.valueAvailable)
          return apiError(409, 'TOKEN_ALREADY_SHOWN', 'This token was shown already');
        shown.add(tokenId);
        state.onboarding = withEnvironment(state.onboarding, environment, (step) => ({
          ...step,
          tokens: step.tokens.map((each) =>
            each.id === tokenId ? { ...each, valueAvailable: false } : each,
          ),
        }));
        return HttpResponse.json({
          id: tokenId,
          environment,
          value: tokenValue(tokenId),
          expiresAt: token.expiresAt,
        });
      }),
    ),
  ];
}
