import { legitimacyDraftSchema, onboardingSchema, submitLegitimacySchema } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import { roles } from '../../plugins/auth.js';
import { uploadCopyOfProof } from './copy-of-proof.js';
import { saveLegitimacyDraft } from './legitimacy-draft.js';
import { submitLegitimacy } from './legitimacy-submit.js';
import { callerOf, requireCaller } from './onboarding-caller.js';
import { loadOnboarding } from './onboarding-repository.js';

const storedFileSummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  size: z.number().int(),
  mime: z.string(),
});

/**
 * contracts' onboardingSchema parses what the SPA sends (optionalText and the country lists transform
 * their input), and zod cannot run a transform backwards to encode an answer. The answer is built typed
 * by onboarding-repository.ts, so it is written as it is; the schema still documents and types it.
 */
const writtenAsIs = () => (data: unknown) => JSON.stringify(data);

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
  const answer = (request: Parameters<typeof callerOf>[0]) => {
    const caller = callerOf(request);
    return loadOnboarding(db, caller.organisationId, caller.access);
  };

  api.get(
    '/onboarding',
    {
      config: { access },
      preValidation: reader,
      serializerCompiler: writtenAsIs,
      schema: {
        tags,
        summary: "The caller's own onboarding application",
        response: { 200: onboardingSchema },
      },
    },
    async (request) => answer(request),
  );

  api.put(
    '/onboarding/legitimacy',
    {
      config: { access },
      preValidation: writer,
      serializerCompiler: writtenAsIs,
      schema: {
        tags,
        summary: 'Saves the legitimacy step as a draft at the organisation version (409 when stale)',
        body: legitimacyDraftSchema,
        response: { 200: onboardingSchema },
      },
    },
    async (request) => {
      await saveLegitimacyDraft(
        db,
        { mail: app.mail, appName: config.appName, publicUrl: config.publicUrl },
        callerOf(request),
        request.body,
      );
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
        response: { 200: onboardingSchema },
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
