import {
  AUDIT_LIST,
  type AuditRow,
  auditApi,
  LATEST_AUDIT_ROWS,
  VITAL_NAMES,
  vitalsApi,
} from '@portal/contracts';
import { auditSubjectOf } from '@portal/domain';
import { runInMemoryList } from '@portal/list-query';
import type { HttpHandler } from 'msw';
import { type AuditLogRow, byId, type MockDb, userByEmail } from './mock-db';
import { type MockContext, mockRoute } from './mock-http';

/**
 * An audit row as the API answers it (apps/api modules/audit audit-list.ts): who by name, the record by
 * name and its company, each record found by packages/domain AUDIT_SUBJECTS (issue 23 item 19), the rule
 * the API's SQL functions follow too.
 */
function resolveAuditRow(db: MockDb, row: AuditLogRow): AuditRow {
  const tables = db as unknown as Record<string, readonly { id: string }[] | undefined>;
  const find = (table: string, id: string) => tables[table]?.find((each) => each.id === id);
  const subject = auditSubjectOf(row.entity, row.entityId, find);
  const company = byId(db.organisations, subject?.organisationId);
  return {
    ...row,
    actorName: userByEmail(db, row.actor)?.displayName ?? null,
    entityName: subject?.name ?? null,
    organisationId: subject?.organisationId ?? null,
    companyName: company?.legalName ?? null,
    obpNumber: company?.obpNumber ?? null,
  };
}

/**
 * apps/api modules/audit over the store (auditApi): the audit trail and the admin landing page's summary;
 * and modules/vitals' report.
 */
export function auditHandlers(context: MockContext): HttpHandler[] {
  const { db } = context;
  // issue 13 item 5: "the latest audit rows": the trail's first five, in its own order (newest first).
  // issue 23 item 19: every row with its names and its company, as the API joins them.
  const trail = () => db.auditLog.map((row) => resolveAuditRow(db, row));
  const latest = () => {
    const result = runInMemoryList(trail(), { limit: String(LATEST_AUDIT_ROWS) }, AUDIT_LIST);
    return result.ok ? result.page.items : [];
  };
  return [
    mockRoute(context, auditApi.list, async () => trail()),
    mockRoute(context, auditApi.summary, async () => ({
      pendingInvitations: db.users.filter((user) => user.status === 'INVITED').length,
      disclaimerDrafts: db.disclaimerContents.filter((row) => row.status === 'DRAFT').length,
      storageBytes: db.storedFiles.reduce((sum, file) => sum + file.size, 0),
      storageFiles: db.storedFiles.length,
      latestAudit: latest(),
      // Mock mode measures no production browsers: no vitals, as a fresh API answers.
      vitals: VITAL_NAMES.map((name) => ({ name, p75: null, samples: 0 })),
    })),
    // The SPA's reports (http/web-vitals.ts) are taken and dropped: they are this browser's, not the users'.
    mockRoute(context, vitalsApi.report, async () => undefined),
  ];
}
