import {
  onboardingAnswerSchema,
  revealedSessionTokenSchema,
  stepVersionSchema,
  storedFileSummarySchema,
  technicalEnvironmentParamsSchema,
  technicalEnvironmentSchema,
  technicalGatewayInputSchema,
} from '@portal/contracts';
import { CERTIFICATE_REQUEST_STATUSES } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import { writtenAsIs } from '../../http/written-as-is.js';
import { roles } from '../../plugins/auth.js';
import { loadOnboardingAnswer } from '../onboarding/onboarding-answer.js';
import { callerOf, requireCaller } from '../onboarding/onboarding-caller.js';
import { chooseGateway, requestSessionToken, revealSessionToken, uploadCsr } from './technical-step.js';
import { lazyTokenCipher } from './token-cipher.js';

const tokenParams = z.object({ tokenId: z.uuid() });

const uploadedCsrSchema = z.object({
  id: z.uuid(),
  environment: technicalEnvironmentSchema,
  file: storedFileSummarySchema,
  status: z.enum(CERTIFICATE_REQUEST_STATUSES),
});

/**
 * domain.md /external/onboarding, the technical step (issue 11 item 3): the company's gateway, CSR files
 * and session tokens per environment (IQE from stage TECHNICAL_IQE, PRD from TECHNICAL_PRD); its test runs
 * are read in GET /api/onboarding's `technical`. Every route is EXTERNAL only, acts on the caller's own
 * organisation (onboarding-caller.ts), refuses a READ_ONLY user (403); the JSON writes check the
 * organisation's version (409 when stale) and answer the whole onboarding answer.
 */
export async function technicalRoutes(app: FastifyInstance, options: { database: Database; config: Config }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = options.database;
  const tags = ['onboarding'];
  const access = roles('EXTERNAL');
  const writer = requireCaller(db, 'write');
  const cipher = lazyTokenCipher({
    tokenEncryptionKey: options.config.tokenEncryptionKey,
    dataDir: options.config.dataDir,
  });
  const answer = (request: Parameters<typeof callerOf>[0]) => loadOnboardingAnswer(db, callerOf(request));
  const answered = { 200: onboardingAnswerSchema };

  api.put(
    '/onboarding/technical/:environment/gateway',
    {
      config: { access },
      preValidation: writer,
      serializerCompiler: writtenAsIs,
      schema: {
        tags,
        summary:
          "Chooses the company's gateway: active, certified and offering the environment (one gateway for both)",
        params: technicalEnvironmentParamsSchema,
        body: technicalGatewayInputSchema,
        response: answered,
      },
    },
    async (request) => {
      await chooseGateway(db, callerOf(request), request.params.environment, request.body);
      return answer(request);
    },
  );

  api.post(
    '/onboarding/technical/:environment/csr',
    {
      config: { access },
      preValidation: writer,
      schema: {
        tags,
        summary: 'Uploads a CSR file for the environment (multipart: one .csr, a PEM certificate request)',
        consumes: ['multipart/form-data'],
        params: technicalEnvironmentParamsSchema,
        response: { 201: uploadedCsrSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await uploadCsr(db, request, callerOf(request), request.params.environment)),
  );

  api.post(
    '/onboarding/technical/:environment/session-token',
    {
      config: { access },
      preValidation: writer,
      serializerCompiler: writtenAsIs,
      schema: {
        tags,
        summary: 'Requests a session token for the environment (one open request at a time)',
        params: technicalEnvironmentParamsSchema,
        body: stepVersionSchema,
        response: answered,
      },
    },
    async (request) => {
      await requestSessionToken(db, callerOf(request), request.params.environment, request.body.version);
      return answer(request);
    },
  );

  api.post(
    '/onboarding/technical/session-tokens/:tokenId/reveal',
    {
      config: { access },
      preValidation: writer,
      schema: {
        tags,
        summary: 'Answers an issued session token value once (then 409 TOKEN_ALREADY_SHOWN)',
        params: tokenParams,
        response: { 200: revealedSessionTokenSchema },
      },
    },
    async (request, reply) => {
      // The value is a secret: never kept by a cache on the way.
      reply.header('cache-control', 'no-store');
      return revealSessionToken(db, cipher, callerOf(request), request.params.tokenId);
    },
  );
}
