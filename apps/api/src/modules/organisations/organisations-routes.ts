import { ORGANISATIONS_LIST } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database.js';
import { CHECK_STATUSES, ORG_TYPES, STAGES } from '../../db/schema.js';
import { parseListRequest } from '../../list/list-resource.js';
import { listPageSchema, listQuerySchema } from '../../list/list-schemas.js';
import { roles } from '../../plugins/auth.js';
import { listOrganisations } from './organisations-list.js';

const organisationSummary = z.object({
  id: z.uuid(),
  obpNumber: z.string(),
  legalName: z.string(),
  orgType: z.enum(ORG_TYPES),
  email: z.string().nullable(),
  address: z.object({ city: z.string().nullable(), country: z.string().nullable() }),
  stage: z.enum(STAGES),
  legitimacyStatus: z.enum(CHECK_STATUSES),
  contractualStatus: z.enum(CHECK_STATUSES),
  financialStatus: z.enum(CHECK_STATUSES),
  mahCount: z.number().int(),
  submittedAt: z.date().nullable(),
  createdAt: z.date(),
  version: z.number().int(),
});

export async function organisationsRoutes(app: FastifyInstance, options: { database: Database }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/organisations',
    {
      config: { access: roles('EMVO') },
      schema: {
        tags: ['organisations'],
        summary: "The reviewers' list of organisations (spec §3 list query, §7 query params)",
        querystring: listQuerySchema,
        response: { 200: listPageSchema(organisationSummary) },
      },
    },
    async (request) =>
      listOrganisations(options.database.db, parseListRequest(request.query, ORGANISATIONS_LIST)),
  );
}
