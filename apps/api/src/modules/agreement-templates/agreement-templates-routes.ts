import { agreementTemplatesApi } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../db/database-handle.js';
import { actorOf } from '../../http/caller.js';
import { route } from '../../http/route.js';
import { listAgreementTemplates } from '../../publications/agreement-templates-repository.js';
import { publishAgreementTemplate } from './publish-agreement-template.js';

/**
 * domain.md "Contractual": the participation agreement template an administrator publishes as a stored
 * file, one version after the other, as @portal/contracts agreementTemplatesApi declares it.
 */
export async function agreementTemplatesRoutes(
  app: FastifyInstance,
  options: { database: Database; config: Config },
) {
  const { config } = options;
  const tags = ['agreement-templates'];
  const services = { mail: app.mail, appName: config.appName, publicUrl: config.publicUrl };

  route(app, agreementTemplatesApi.list, async ({ request }) => listAgreementTemplates(request.db), { tags });
  route(
    app,
    agreementTemplatesApi.publish,
    async ({ request }) => publishAgreementTemplate(request.db, services, request, actorOf(request)),
    { tags },
  );
}
