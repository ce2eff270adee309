import { AUDIT_LIST, adminSummarySchema, auditRowSchema } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.js';
import { parseListRequest } from '../../list/list-resource.js';
import { listPageSchema, listQuerySchema } from '../../list/list-schemas.js';
import { roles } from '../../plugins/auth.js';
import { adminSummary } from './admin-summary.js';
import { listAudit } from './audit-list.js';

/**
 * domain.md AuditLog (issue 13 items 4 and 5): the audit trail as a list (/admin/audit) and the admin
 * landing page's summary (/admin). ADMIN only.
 */
export async function auditRoutes(app: FastifyInstance, options: { database: Database }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = options.database;
  const tags = ['audit'];
  const access = roles('ADMIN');

  api.get(
    '/audit',
    {
      config: { access },
      schema: {
        tags,
        summary: 'The audit trail, newest first: filters by actor, entity, action and date range',
        querystring: listQuerySchema,
        response: { 200: listPageSchema(auditRowSchema) },
      },
    },
    async (request) => listAudit(db, parseListRequest(request.query, AUDIT_LIST)),
  );

  api.get(
    '/admin/summary',
    {
      config: { access },
      schema: {
        tags,
        summary: "The admin landing page's counts and the latest audit rows",
        response: { 200: adminSummarySchema },
      },
    },
    async () => adminSummary(db),
  );
}
