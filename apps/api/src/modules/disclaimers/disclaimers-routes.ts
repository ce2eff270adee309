import { disclaimersApi } from '@portal/contracts';
import { nonePublishedRefusal } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../http/api-error.js';
import { route } from '../../http/route.js';
import { publishedDisclaimer } from '../../publications/disclaimers-repository.js';

/**
 * domain.md DisclaimerContent: anyone may read the published version of a disclaimer (the registration
 * form shows it before anyone has an account), as @portal/contracts disclaimersApi.published declares it.
 * Drafts and archived versions stay with the administrators (disclaimer-contents-routes.ts).
 */
export async function disclaimersRoutes(app: FastifyInstance) {
  route(
    app,
    disclaimersApi.published,
    async ({ params, request }) => {
      const row = await publishedDisclaimer(request.db, params.type);
      if (!row) throw notFound(nonePublishedRefusal(params.type).message);
      return {
        type: row.type,
        version: row.versionNumber,
        title: row.title,
        body: row.body,
        requiresAcceptance: row.requiresAcceptance,
      };
    },
    { tags: ['disclaimers'] },
  );
}
