import { agreementTemplateSchema, publishedAgreementTemplateSchema } from '@portal/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import { roles } from '../../plugins/auth.js';
import { listAgreementTemplates } from './agreement-templates-repository.js';
import { publishAgreementTemplate } from './publish-agreement-template.js';

const actorOf = (request: FastifyRequest) => request.user?.email ?? request.user?.subject ?? 'unknown';

/**
 * domain.md "Contractual": the participation agreement template an administrator publishes as a stored
 * file, one version after the other (the current one is the highest). Companies download the current
 * one from their onboarding answer (GET /api/files/{id} lets them read published templates).
 */
export async function agreementTemplatesRoutes(
  app: FastifyInstance,
  options: { database: Database; config: Config },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = options.database;
  const { config } = options;
  const tags = ['agreement-templates'];

  api.get(
    '/agreement-templates',
    {
      config: { access: roles('ADMIN', 'EMVO') },
      schema: {
        tags,
        summary: 'Every published version of the participation agreement template, newest first',
        response: { 200: z.array(agreementTemplateSchema) },
      },
    },
    async () => listAgreementTemplates(db),
  );

  api.post(
    '/agreement-templates',
    {
      config: { access: roles('ADMIN') },
      schema: {
        tags,
        summary:
          'Publishes a new template version (multipart: one pdf); every company whose agreement is pending or approved on an older version is asked to sign again',
        consumes: ['multipart/form-data'],
        response: { 201: publishedAgreementTemplateSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await publishAgreementTemplate(
            db,
            { mail: app.mail, appName: config.appName, publicUrl: config.publicUrl },
            request,
            actorOf(request),
          ),
        ),
  );
}
