import { AUDIT_LIST, auditApi, LATEST_AUDIT_ROWS, VITAL_NAMES, vitalsApi } from '@portal/contracts';
import { runInMemoryList } from '@portal/list-query';
import type { HttpHandler } from 'msw';
import { resolveAuditRow } from './audit-subjects';
import type { MockContext } from './mock-http';
import { mockRoute } from './mock-route';

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
