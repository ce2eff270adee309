import type { ListResource } from '@portal/list-query';
import { z } from 'zod';
import { endpoint, listEndpoint, roles } from './endpoint.js';
import { isoDateTime } from './fields.js';

/**
 * domain.md AuditLog (issue 13 item 4): who changed what, when, and how. `diff` is the JSON the change wrote:
 * an UPDATE's { field: { from, to } } (@portal/domain changedFields) or a CREATE's values. Secrets
 * never appear in it: writeAudit redacts keys that name one.
 */

export const auditRowSchema = z.object({
  id: z.string(),
  at: isoDateTime,
  actor: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string(),
  diff: z.unknown(),
  /** The client address of the request that made the change; null for the seed and background work. */
  address: z.string().nullable(),
});
export type AuditRow = z.infer<typeof auditRowSchema>;

/** The audit trail (/admin/audit): filters by actor, entity, action and a date range on `at`; newest first. */
export const AUDIT_LIST: ListResource = {
  fields: {
    actor: { type: 'text' },
    action: { type: 'text' },
    entity: { type: 'text' },
    entityId: { type: 'text' },
    at: { type: 'date' },
  },
  searchFields: ['actor', 'entity', 'entityId'],
  defaultOrder: ['-at'],
  tieBreaker: 'id',
  maxLimit: 100,
};

/** The value writeAudit puts in place of a secret's: the domain's rule, named for the SPA too. */
export { REDACTED } from '@portal/domain';

/** GET /api/admin/summary: the admin landing page's counts, each a link to its screen. */
export const adminSummarySchema = z.object({
  /** Users INVITED who have not signed in yet (/admin/users?status=INVITED). */
  pendingInvitations: z.number().int(),
  /** Disclaimer contents in DRAFT (/admin/disclaimer-contents). */
  disclaimerDrafts: z.number().int(),
  /** Bytes and files in storage (/admin/storage). */
  storageBytes: z.number().int(),
  storageFiles: z.number().int(),
  /** The latest five audit rows (/admin/audit). */
  latestAudit: z.array(auditRowSchema),
});
export type AdminSummary = z.infer<typeof adminSummarySchema>;

/** domain.md AuditLog: the audit trail (/admin/audit) and the admin landing page's summary (/admin). ADMIN only. */
export const auditApi = {
  list: listEndpoint({
    path: '/api/audit',
    access: roles('ADMIN'),
    summary: 'The audit trail, newest first: filters by actor, entity, action and date range',
    list: AUDIT_LIST,
    item: auditRowSchema,
  }),
  summary: endpoint({
    method: 'GET',
    path: '/api/admin/summary',
    access: roles('ADMIN'),
    summary: "The admin landing page's counts and the latest audit rows",
    response: adminSummarySchema,
  }),
};
