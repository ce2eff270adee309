import { auditApi } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.js';
import { route } from '../../http/route.js';
import { adminSummary } from './admin-summary.js';
import { listAudit } from './audit-list.js';

/**
 * The audit routes, as @portal/contracts auditApi declares them (domain.md AuditLog, issue 13 items 4 and
 * 5): the audit trail as a list (/admin/audit) and the admin landing page's summary (/admin). ADMIN only.
 */
export async function auditRoutes(app: FastifyInstance, options: { database: Database }) {
  const { db } = options.database;
  const tags = ['audit'];
  route(app, auditApi.list, async ({ query }) => listAudit(db, query), { tags });
  route(app, auditApi.summary, async () => adminSummary(db), { tags });
}
