import {
  contractualDraftSchema,
  financialDraftSchema,
  mahRegisterSchema,
  onboardingAnswerSchema,
  personAccessSchema,
  spocAssistantInvitationSchema,
  stepVersionQuerySchema,
  stepVersionSchema,
  storedFileSummarySchema,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import { LARGE_BODY_LIMIT } from '../../http/body-limits.js';
import { writtenAsIs } from '../../http/written-as-is.js';
import { roles } from '../../plugins/auth.js';
import { saveContractualDraft, submitContractual, uploadSignedAgreement } from './contractual-step.js';
import { saveFinancialDraft, submitFinancial, uploadInvoicingForm } from './financial-step.js';
import { saveMahRegister } from './mah-register.js';
import { loadOnboardingAnswer } from './onboarding-answer.js';
import { callerOf, requireCaller } from './onboarding-caller.js';
import { inviteSpocAssistant, removeSpocAssistant, setPersonAccess } from './people.js';

const personParams = z.object({ userId: z.uuid() });

/**
 * domain.md /external/onboarding after the legitimacy step (issue 11): the contractual and financial
 * steps, the MAH register once the legitimacy is approved, and the company's people. Every route is
 * EXTERNAL only, acts on the caller's own organisation (from the token, onboarding-caller.ts), refuses a
 * READ_ONLY user's writes (403) and checks the organisation's version (409 when stale). The writes answer
 * the whole onboarding answer, as GET /api/onboarding does; uploads answer the stored file.
 */
export async function onboardingStepsRoutes(
  app: FastifyInstance,
  options: { database: Database; config: Config },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = options.database;
  const { config } = options;
  const tags = ['onboarding'];
  const access = roles('EXTERNAL');
  const writer = requireCaller(db, 'write');
  const services = { mail: app.mail, appName: config.appName, publicUrl: config.publicUrl };
  const answer = (request: Parameters<typeof callerOf>[0]) => loadOnboardingAnswer(db, callerOf(request));
  // Every JSON write answers the onboarding answer, written as built (http/written-as-is.ts).
  const answered = { 200: onboardingAnswerSchema };
  const uploaded = { 201: storedFileSummarySchema };

  api.put(
    '/onboarding/contractual',
    {
      config: { access },
      preValidation: writer,
      serializerCompiler: writtenAsIs,
      schema: {
        tags,
        summary: 'Saves the two tick boxes of the participation agreement as a draft (409 when stale)',
        body: contractualDraftSchema,
        response: answered,
      },
    },
    async (request) => {
      await saveContractualDraft(db, callerOf(request), request.body);
      return answer(request);
    },
  );

  api.post(
    '/onboarding/contractual/signed-agreement',
    {
      config: { access },
      preValidation: writer,
      schema: {
        tags,
        summary: 'Uploads the signed participation agreement (multipart: one pdf) on the current template',
        consumes: ['multipart/form-data'],
        response: uploaded,
      },
    },
    async (request, reply) =>
      reply.status(201).send(await uploadSignedAgreement(db, request, callerOf(request))),
  );

  api.post(
    '/onboarding/contractual/submit',
    {
      config: { access },
      preValidation: writer,
      serializerCompiler: writtenAsIs,
      schema: {
        tags,
        summary: 'Submits the participation agreement for review (400 MISSING names every missing item)',
        body: stepVersionSchema,
        response: answered,
      },
    },
    async (request) => {
      await submitContractual(db, services, callerOf(request), request.body.version);
      return answer(request);
    },
  );

  api.put(
    '/onboarding/financial',
    {
      config: { access },
      preValidation: writer,
      serializerCompiler: writtenAsIs,
      schema: {
        tags,
        summary: 'Saves the billing details as a draft (409 when stale)',
        body: financialDraftSchema,
        response: answered,
      },
    },
    async (request) => {
      await saveFinancialDraft(db, callerOf(request), request.body);
      return answer(request);
    },
  );

  api.post(
    '/onboarding/financial/invoicing-form',
    {
      config: { access },
      preValidation: writer,
      schema: {
        tags,
        summary: 'Uploads the invoicing form (multipart: one pdf, doc, docx, xls or xlsx)',
        consumes: ['multipart/form-data'],
        response: uploaded,
      },
    },
    async (request, reply) =>
      reply.status(201).send(await uploadInvoicingForm(db, request, callerOf(request))),
  );

  api.post(
    '/onboarding/financial/submit',
    {
      config: { access },
      preValidation: writer,
      serializerCompiler: writtenAsIs,
      schema: {
        tags,
        summary: 'Submits the invoicing information for review, declaring the MAHs active now',
        body: stepVersionSchema,
        response: answered,
      },
    },
    async (request) => {
      await submitFinancial(db, services, callerOf(request), request.body.version);
      return answer(request);
    },
  );

  api.put(
    '/onboarding/mahs',
    {
      config: { access },
      bodyLimit: LARGE_BODY_LIMIT,
      preValidation: writer,
      serializerCompiler: writtenAsIs,
      schema: {
        tags,
        summary:
          'Activates, deactivates and adds MAHs once the legitimacy is approved (never deletes); an approved invoicing form declaring fewer MAHs than are active is rejected for a top-up',
        body: mahRegisterSchema,
        response: answered,
      },
    },
    async (request) => {
      await saveMahRegister(db, services, callerOf(request), request.body);
      return answer(request);
    },
  );

  api.post(
    '/onboarding/people/spoc-assistant',
    {
      config: { access },
      preValidation: writer,
      serializerCompiler: writtenAsIs,
      schema: {
        tags,
        summary: 'Invites the SPOC Assistant (the SPOC or the Initial Requester; at most three people)',
        body: spocAssistantInvitationSchema,
        response: answered,
      },
    },
    async (request) => {
      await inviteSpocAssistant(
        db,
        { ...services, invitationsPerDay: config.invitationsPerCompanyPerDay },
        callerOf(request),
        request.body,
      );
      return answer(request);
    },
  );

  api.delete(
    '/onboarding/people/spoc-assistant',
    {
      config: { access },
      preValidation: writer,
      serializerCompiler: writtenAsIs,
      schema: {
        tags,
        summary: 'Removes the SPOC Assistant (the SPOC or the Initial Requester), at ?version=',
        querystring: stepVersionQuerySchema,
        response: answered,
      },
    },
    async (request) => {
      await removeSpocAssistant(db, callerOf(request), request.query.version);
      return answer(request);
    },
  );

  api.patch(
    '/onboarding/people/:userId',
    {
      config: { access },
      preValidation: writer,
      serializerCompiler: writtenAsIs,
      schema: {
        tags,
        summary: "Sets an invited person's access to FULL or READ_ONLY (the SPOC or the Initial Requester)",
        params: personParams,
        body: personAccessSchema,
        response: answered,
      },
    },
    async (request) => {
      await setPersonAccess(db, callerOf(request), request.params.userId, request.body);
      return answer(request);
    },
  );
}
