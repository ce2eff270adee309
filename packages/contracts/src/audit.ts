import { CHECK_TYPES } from '@portal/domain';
import type { ListResource } from '@portal/list-query';
import { z } from 'zod/mini';
import { endpoint, listEndpoint, roles } from './endpoint.js';
import { isoDateTime } from './fields.js';
import { FIRST_SCREEN_ADDRESSES } from './first-screen-addresses.js';
import { vitalSummarySchema } from './vitals.js';

/**
 * domain.md AuditLog: who changed what, when, and how. `diff` is the JSON the change wrote:
 * an UPDATE's { field: { from, to } } (@portal/domain changedFields) or a CREATE's values. Secrets
 * never appear in it: writeAudit redacts keys that name one.
 */

/**
 * The actions the API writes to the trail (the SPA says each in words; the audit filter
 * offers them). The API's writeAudit takes only these, so the compiler keeps the list whole. A row may
 * still carry another code (an older one): the trail shows it as it is.
 */
export const AUDIT_ACTIONS = [
  'CREATE',
  'UPDATE',
  'DELETE',
  'DEACTIVATE',
  'INVITE',
  'SEND_INVITATION',
  'JOIN_COMPANY',
  'WITHDRAW_INVITATION',
  'DISABLE',
  'ENABLE',
  'SET_ACCESS',
  'ACTIVATE',
  'LINK_ACCOUNT',
  'PASSWORD_RESET',
  'CONFIRM',
  'COMPLETE',
  'RESEND_CONFIRMATION',
  'REMOVE_PERSON',
  'SAVE_LEGITIMACY_DRAFT',
  'SAVE_CONTRACTUAL_DRAFT',
  'SAVE_FINANCIAL_DRAFT',
  'UPDATE_MAH_REGISTER',
  'UPLOAD_COPY_OF_PROOF',
  'UPLOAD_SIGNED_AGREEMENT',
  'UPLOAD_INVOICING_FORM',
  'UPLOAD_CSR',
  'SUBMIT',
  'SUBMIT_INVOICING_INFORMATION',
  'START',
  'APPROVE',
  'APPROVE_ALL',
  'APPROVE_TEMPORARILY',
  'REJECT',
  'REQUEST_CORRECTIONS',
  'TOP_UP_REQUIRED',
  'TEMPLATE_CHANGED',
  'ASSIGN_CHECK',
  'TAKE_CHECK',
  'UNASSIGN_CHECK',
  'ADD_NOTE',
  'MARK_INVOICED',
  'MARK_PAID',
  'MARK_REFUNDED',
  'CHOOSE_GATEWAY',
  'REQUEST_SESSION_TOKEN',
  'ISSUE_SESSION_TOKEN',
  'REVEAL_SESSION_TOKEN',
  'CANCEL_SESSION_TOKEN',
  'IMPORT',
  'MOVE_TO_PRODUCTION',
  'MOVE_TO_MAINTENANCE',
  'SUSPEND',
  'RESUME',
  'WITHDRAW',
  'PUBLISH',
  'PUBLISH_AGREEMENT_TEMPLATE',
  'ARCHIVE',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The kinds of record the trail names, as the API writes them. */
export const AUDIT_ENTITIES = [
  'organisation',
  'user',
  'contact',
  'check',
  'registration',
  'disclaimerAcceptance',
  'participationAgreement',
  'invoicingInformation',
  'certificateRequest',
  'sessionToken',
  'TestRun',
  'TestRunImport',
  'storedFile',
  'gateway',
  'tooltip',
  'disclaimerContent',
  'link',
  'agreementTemplate',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

export const auditRowSchema = z.object({
  id: z.string(),
  at: isoDateTime,
  actor: z.string(),
  /** The name of the user whose email is `actor`; null for the seed and background work. */
  actorName: z.nullable(z.string()),
  action: z.string(),
  entity: z.string(),
  entityId: z.string(),
  /** The record's own name (a company's legal name, a user's name, a gateway's…); null when it has none. */
  entityName: z.nullable(z.string()),
  /** The company the record is about (itself or the company it belongs to): follow one company's history. */
  organisationId: z.nullable(z.string()),
  companyName: z.nullable(z.string()),
  obpNumber: z.nullable(z.string()),
  diff: z.unknown(),
  /** The client address of the request that made the change; null for the seed and background work. */
  address: z.nullable(z.string()),
  /**
   * What the row's sentence needs beyond its diff (activity-words.ts auditActivityOf): a check's type, a
   * session token's environment, and the name of whom an assignment gave the check to.
   */
  checkType: z.nullable(z.enum(CHECK_TYPES)),
  environment: z.nullable(z.string()),
  assigneeName: z.nullable(z.string()),
});
export type AuditRow = z.infer<typeof auditRowSchema>;

/** The audit trail (/admin/audit): filters by actor, entity, action and a date range on `at`; newest first. */
export const AUDIT_LIST: ListResource = {
  fields: {
    actor: { type: 'text' },
    actorName: { type: 'text' },
    action: { type: 'text' },
    entity: { type: 'text' },
    entityId: { type: 'text' },
    entityName: { type: 'text' },
    organisationId: { type: 'uuid' },
    companyName: { type: 'text' },
    obpNumber: { type: 'text' },
    at: { type: 'date' },
  },
  // A company's OBP number or name finds its rows and its records' (users, checks…).
  searchFields: ['actor', 'actorName', 'entity', 'entityId', 'entityName', 'companyName', 'obpNumber'],
  defaultOrder: ['-at'],
  tieBreaker: 'id',
  maxLimit: 100,
};

/** How many rows the admin landing page shows of the audit trail ("the latest audit rows"). */
export const LATEST_AUDIT_ROWS = 5;

/** The value writeAudit puts in place of a secret's: the domain's rule, named for the SPA too. */
export { REDACTED } from '@portal/domain';

/** GET /api/admin/summary: the admin landing page's counts, each a link to its screen. */
export const adminSummarySchema = z.object({
  /** Users INVITED who have not signed in yet (/admin/users?status=INVITED). */
  pendingInvitations: z.int(),
  /** Disclaimer contents in DRAFT (/admin/disclaimer-contents). */
  disclaimerDrafts: z.int(),
  /** Bytes and files in storage (/admin/storage). */
  storageBytes: z.int(),
  storageFiles: z.int(),
  /** The latest five audit rows (/admin/audit). */
  latestAudit: z.array(auditRowSchema),
  /** The last day's p75 of each Core Web Vital, from the browsers' reports. */
  vitals: z.array(vitalSummarySchema),
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
    ...FIRST_SCREEN_ADDRESSES.adminSummary,
    summary: "The admin landing page's counts and the latest audit rows",
    response: adminSummarySchema,
  }),
};
