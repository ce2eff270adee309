import { onboardingApi } from '@portal/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../db/database-handle.js';
import { LARGE_BODY_LIMIT } from '../../http/body-limits.js';
import { type RouteOptions, route } from '../../http/route.js';
import { saveContractualDraft, submitContractual, uploadSignedAgreement } from './contractual-step.js';
import { saveFinancialDraft, submitFinancial, uploadInvoicingForm } from './financial-step.js';
import { saveMahRegister } from './mah-register.js';
import { loadOnboardingAnswer } from './onboarding-answer.js';
import { onboardingCallerOf, requireCaller } from './onboarding-caller.js';
import { inviteSpocAssistant, removeSpocAssistant, setPersonAccess } from './people.js';

/**
 * domain.md /external/onboarding after the legitimacy step, as @portal/contracts onboardingApi
 * declares it: the contractual and financial steps, the MAH register once the legitimacy is approved, and
 * the company's people. Every route is EXTERNAL only, acts on the caller's own organisation (from the
 * token, onboarding-caller.ts), refuses a READ_ONLY user's writes (403) and checks the organisation's
 * version (409 when stale). The writes answer the whole onboarding answer, as GET /api/onboarding does;
 * uploads answer the stored file.
 */
export async function onboardingStepsRoutes(
  app: FastifyInstance,
  options: { database: Database; config: Config },
) {
  const { config } = options;
  const tags = ['onboarding'];
  const writer = requireCaller(options.database.db, 'write');
  const services = { mail: app.mail, appName: config.appName, publicUrl: config.publicUrl };
  const answer = (request: FastifyRequest) => loadOnboardingAnswer(request.db, onboardingCallerOf(request));
  // Every JSON write answers the onboarding answer, written as built (http/written-as-is.ts).
  const writes: RouteOptions = { tags, preValidation: writer, writtenAsIs: true };
  const uploads: RouteOptions = { tags, preValidation: writer };

  route(
    app,
    onboardingApi.saveContractual,
    async ({ body, request }) => {
      await saveContractualDraft(request.db, onboardingCallerOf(request), body);
      return answer(request);
    },
    writes,
  );
  route(
    app,
    onboardingApi.uploadSignedAgreement,
    async ({ request }) => uploadSignedAgreement(request.db, request, onboardingCallerOf(request)),
    uploads,
  );
  route(
    app,
    onboardingApi.submitContractual,
    async ({ body, request }) => {
      await submitContractual(request.db, services, onboardingCallerOf(request), body.version);
      return answer(request);
    },
    writes,
  );

  route(
    app,
    onboardingApi.saveFinancial,
    async ({ body, request }) => {
      await saveFinancialDraft(request.db, onboardingCallerOf(request), body);
      return answer(request);
    },
    writes,
  );
  route(
    app,
    onboardingApi.uploadInvoicingForm,
    async ({ request }) => uploadInvoicingForm(request.db, request, onboardingCallerOf(request)),
    uploads,
  );
  route(
    app,
    onboardingApi.submitFinancial,
    async ({ body, request }) => {
      await submitFinancial(request.db, services, onboardingCallerOf(request), body.version);
      return answer(request);
    },
    writes,
  );

  route(
    app,
    onboardingApi.saveMahs,
    async ({ body, request }) => {
      await saveMahRegister(request.db, services, onboardingCallerOf(request), body);
      return answer(request);
    },
    { ...writes, bodyLimit: LARGE_BODY_LIMIT },
  );

  route(
    app,
    onboardingApi.inviteSpocAssistant,
    async ({ body, request }) => {
      await inviteSpocAssistant(
        request.db,
        { ...services, invitationsPerDay: config.invitationsPerCompanyPerDay },
        onboardingCallerOf(request),
        body,
      );
      return answer(request);
    },
    writes,
  );
  route(
    app,
    onboardingApi.removeSpocAssistant,
    async ({ query, request }) => {
      await removeSpocAssistant(request.db, onboardingCallerOf(request), query.version);
      return answer(request);
    },
    writes,
  );
  route(
    app,
    onboardingApi.setPersonAccess,
    async ({ params, body, request }) => {
      await setPersonAccess(request.db, onboardingCallerOf(request), params.userId, body);
      return answer(request);
    },
    writes,
  );
}
