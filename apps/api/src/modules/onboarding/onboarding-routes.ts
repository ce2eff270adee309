import { legitimacyDraftSchema, onboardingAnswerSchema, submitLegitimacySchema } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import { LARGE_BODY_LIMIT } from '../../http/body-limits.js';
import { writtenAsIs } from '../../http/written-as-is.js';
import { roles } from '../../plugins/auth.js';
import { uploadCopyOfProof } from './copy-of-proof.js';
import { saveLegitimacyDraft } from './legitimacy-draft.js';
import { submitLegitimacy } from './legitimacy-submit.js';
import { loadOnboardingAnswer } from './onboarding-answer.js';
import { callerOf, requireCaller } from './onboarding-caller.js';

const storedFileSummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  size: z.number().int(),
  mime: z.string(),
});

/**
 * domain.md /external/onboarding, the legitimacy step (issue 9). Every route is EXTERNAL only and acts
 * on the caller's own organisation, found from the token (onboarding-caller.ts), never from the request.
 */
export async function onboardingRoutes(
  app: FastifyInstance,
  options: { database: Database; config: Config },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = options.database;
  const { config } = options;
  const tags = ['onboarding'];
  const access = roles('EXTERNAL');
  const reader = requireCaller(db, 'read');
  const writer = requireCaller(db, 'write');
  // The legitimacy step's answer with the later steps (onboarding-answer.ts).
  const answer = (request: Parameters<typeof callerOf>[0]) => loadOnboardingAnswer(db, callerOf(request));

  api.get(
    '/onboarding',
    {
      config: { access },
      preValidation: reader,
      serializerCompiler: writtenAsIs,
      schema: {
        tags,
        summary: "The caller's own onboarding application",
        response: { 200: onboardingAnswerSchema },
      },
    },
    async (request) => answer(request),
  );

  api.put(
    '/onboarding/legitimacy',
    {
      config: { access },
      bodyLimit: LARGE_BODY_LIMIT,
      preValidation: writer,
      serializerCompiler: writtenAsIs,
      schema: {
        tags,
        summary: 'Saves the legitimacy step as a draft at the organisation version (409 when stale)',
        body: legitimacyDraftSchema,
        response: { 200: onboardingAnswerSchema },
      },
    },
    async (request) => {
      await saveLegitimacyDraft(db, callerOf(request), request.body);
      return answer(request);
    },
  );

  api.post(
    '/onboarding/legitimacy/copy-of-proof',
    {
      config: { access },
      preValidation: writer,
      schema: {
        tags,
        summary: "Uploads the authorised representative's copy of proof (multipart: one file, pdf/jpg/png)",
        consumes: ['multipart/form-data'],
        response: { 201: storedFileSummarySchema },
      },
    },
    async (request, reply) => reply.status(201).send(await uploadCopyOfProof(db, request, callerOf(request))),
  );

  api.post(
    '/onboarding/legitimacy/submit',
    {
      config: { access },
      preValidation: writer,
      serializerCompiler: writtenAsIs,
      schema: {
        tags,
        summary: 'Submits the saved legitimacy step for review at the organisation version',
        body: submitLegitimacySchema,
        response: { 200: onboardingAnswerSchema },
      },
    },
    async (request) => {
      await submitLegitimacy(
        db,
        { mail: app.mail, appName: config.appName, slaHolidays: config.slaHolidays },
        callerOf(request),
        request.body.version,
      );
      return answer(request);
    },
  );
}
