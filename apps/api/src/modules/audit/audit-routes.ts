import { auditApi } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.js';
import { adminSummary } from './admin-summary.js';
import { listAudit } from './audit-list.js';

/**
 * The audit routes, as @portal/contracts auditApi declares them (domain.md AuditLog):
 * the audit trail as a list (/admin/audit) and the admin landing page's summary (/admin). ADMIN only.
 */
export async function auditRoutes(app: FastifyInstance) {
  const tags = ['audit'];
  route(app, auditApi.list, async ({ query, request }) => listAudit(request.db, query), { tags });
  route(app, auditApi.summary, async ({ request }) => adminSummary(request.db), { tags });
}
