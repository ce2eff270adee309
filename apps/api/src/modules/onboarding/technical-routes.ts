import { onboardingApi } from '@portal/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TokenCipher } from '../../company/token-cipher.js';
import type { Database } from '../../db/database-handle.js';
import { type RouteOptions, route } from '../../http/route.js';
import { loadOnboardingAnswer } from './onboarding-answer.js';
import { onboardingCallerOf, requireCaller } from './onboarding-caller.js';
import { chooseGateway, requestSessionToken, revealSessionToken, uploadCsr } from './technical-step.js';

/**
 * domain.md /external/onboarding, the technical step, as @portal/contracts onboardingApi
 * declares it: the company's gateway, CSR files and session tokens per environment (IQE from stage
 * TECHNICAL_IQE, PRD from TECHNICAL_PRD); its test runs are read in GET /api/onboarding's `technical`.
 * Every route is EXTERNAL only, acts on the caller's own organisation (onboarding-caller.ts), refuses a
 * READ_ONLY user (403); the JSON writes check the organisation's version (409 when stale) and answer the
 * whole onboarding answer.
 */
export async function technicalRoutes(
  app: FastifyInstance,
  options: { database: Database; cipher: () => Promise<TokenCipher> },
) {
  const tags = ['onboarding'];
  const writer = requireCaller(options.database.db, 'write');
  const { cipher } = options;
  const answer = (request: FastifyRequest) => loadOnboardingAnswer(request.db, onboardingCallerOf(request));
  // The onboarding answer is written as built (http/written-as-is.ts).
  const writes: RouteOptions = { tags, preValidation: writer, writtenAsIs: true };

  route(
    app,
    onboardingApi.chooseGateway,
    async ({ params, body, request }) => {
      await chooseGateway(request.db, onboardingCallerOf(request), params.environment, body);
      return answer(request);
    },
    writes,
  );

  route(
    app,
    onboardingApi.uploadCsr,
    async ({ params, request }) =>
      uploadCsr(request.db, request, onboardingCallerOf(request), params.environment),
    { tags, preValidation: writer },
  );

  route(
    app,
    onboardingApi.requestSessionToken,
    async ({ params, body, request }) => {
      await requestSessionToken(request.db, onboardingCallerOf(request), params.environment, body.version);
      return answer(request);
    },
    writes,
  );

  route(
    app,
    onboardingApi.revealSessionToken,
    async ({ params, request, reply }) => {
      // The value is a secret: never kept by a cache on the way.
      reply.header('cache-control', 'no-store');
      return revealSessionToken(request.db, cipher, onboardingCallerOf(request), params.tokenId);
    },
    { tags, preValidation: writer },
  );
}
