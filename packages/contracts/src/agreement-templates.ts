import { z } from 'zod/mini';
import { endpoint, roles } from './endpoint.js';
import { isoDateTime } from './fields.js';
import { storedFileSummarySchema } from './onboarding.js';

/** One published version of the participation agreement template (a stored file, purpose AGREEMENT_TEMPLATE). */
export const agreementTemplateSchema = z.object({
  version: z.int().check(z.minimum(1)),
  file: storedFileSummarySchema,
  publishedAt: isoDateTime,
  publishedBy: z.string(),
});
export type AgreementTemplate = z.infer<typeof agreementTemplateSchema>;

/** POST /api/agreement-templates: the new version, and how many companies it asked to sign again. */
export const publishedAgreementTemplateSchema = z.extend(agreementTemplateSchema, {
  resignRequested: z.int().check(z.minimum(0)),
});
export type PublishedAgreementTemplate = z.infer<typeof publishedAgreementTemplateSchema>;

/**
 * domain.md "Contractual": the participation agreement template an administrator publishes as a stored
 * file, one version after the other (the current one is the highest). Companies download the current one
 * from their onboarding answer (GET /api/files/{id} lets them read published templates).
 */
export const agreementTemplatesApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/agreement-templates',
    access: roles('ADMIN', 'EMVO'),
    summary: 'Every published version of the participation agreement template, newest first',
    response: z.array(agreementTemplateSchema),
  }),
  publish: endpoint({
    method: 'POST',
    path: '/api/agreement-templates',
    access: roles('ADMIN'),
    summary:
      'Publishes a new template version (multipart: one pdf); every company whose agreement is pending or approved on an older version is asked to sign again',
    body: 'multipart',
    response: publishedAgreementTemplateSchema,
    status: 201,
  }),
};
