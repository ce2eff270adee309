import { publishedDisclaimerSchema } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database.js';
import { notFound } from '../../http/api-error.js';
import { disclaimerContentsRoutes } from './disclaimer-contents-routes.js';
import { publishedDisclaimer } from './disclaimers-repository.js';

// Any text: an unknown type has no published disclaimer either, so it answers 404 like a known one.
const disclaimerParams = z.object({ type: z.string().max(30) });

/**
 * domain.md DisclaimerContent: anyone may read the published version of a disclaimer (the registration
 * form shows it before anyone has an account). Drafts and archived versions stay with the administrators.
 */
export async function disclaimersRoutes(app: FastifyInstance, options: { database: Database }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = options.database;

  api.get(
    '/disclaimers/:type',
    {
      config: { access: 'public' },
      schema: {
        tags: ['disclaimers'],
        summary: 'The published disclaimer of a type (LOGIN, REGISTRATION, …); 404 when none is published',
        params: disclaimerParams,
        response: { 200: publishedDisclaimerSchema },
      },
    },
    async (request) => {
      const row = await publishedDisclaimer(db, request.params.type);
      if (!row) throw notFound(`No ${request.params.type} disclaimer is published`);
      return {
        type: row.type,
        version: row.versionNumber,
        title: row.title,
        body: row.body,
        requiresAcceptance: row.requiresAcceptance,
      };
    },
  );

  // The administrators' versions and the signed-in users' acceptances (disclaimer-contents-routes.ts).
  await disclaimerContentsRoutes(app, options);
}
