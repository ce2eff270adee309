import { onboardingApi } from '@portal/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../db/database-handle.js';
import { LARGE_BODY_LIMIT } from '../../http/body-limits.js';
import { type RouteOptions, route } from '../../http/route.js';
import { uploadCopyOfProof } from './copy-of-proof.js';
import { saveLegitimacyDraft } from './legitimacy-draft.js';
import { submitLegitimacy } from './legitimacy-submit.js';
import { loadOnboardingAnswer } from './onboarding-answer.js';
import { onboardingCallerOf, requireCaller } from './onboarding-caller.js';

/**
 * domain.md /external/onboarding, the legitimacy step, as @portal/contracts onboardingApi declares
 * it. Every route is EXTERNAL only and acts on the caller's own organisation, found from the token
 * (onboarding-caller.ts), never from the request.
 */
export async function onboardingRoutes(
  app: FastifyInstance,
  options: { database: Database; config: Config },
) {
  const { config } = options;
  const tags = ['onboarding'];
  // The answer's schema holds the input transforms: it is written as built (http/written-as-is.ts).
  const writer = requireCaller(options.database.db, 'write');
  const reads: RouteOptions = {
    tags,
    preValidation: requireCaller(options.database.db, 'read'),
    writtenAsIs: true,
  };
  const writes: RouteOptions = { tags, preValidation: writer, writtenAsIs: true };
  // The legitimacy step's answer with the later steps (onboarding-answer.ts).
  const answer = (request: FastifyRequest) => loadOnboardingAnswer(request.db, onboardingCallerOf(request));

  route(app, onboardingApi.answer, async ({ request }) => answer(request), reads);

  route(
    app,
    onboardingApi.saveLegitimacy,
    async ({ body, request }) => {
      await saveLegitimacyDraft(request.db, onboardingCallerOf(request), body);
      return answer(request);
    },
    { ...writes, bodyLimit: LARGE_BODY_LIMIT },
  );

  route(
    app,
    onboardingApi.uploadCopyOfProof,
    async ({ request }) => uploadCopyOfProof(request.db, request, onboardingCallerOf(request)),
    { tags, preValidation: writer },
  );

  route(
    app,
    onboardingApi.submitLegitimacy,
    async ({ body, request }) => {
      await submitLegitimacy(
        request.db,
        { mail: app.mail, appName: config.appName, slaHolidays: config.slaHolidays },
        onboardingCallerOf(request),
        body.version,
      );
      return answer(request);
    },
    writes,
  );
}
