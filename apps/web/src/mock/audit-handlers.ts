import { auditApi } from '@portal/contracts';
import type { HttpHandler } from 'msw';
import type { MockAuditLog } from './audit-log';
import { createMockDisclaimers } from './disclaimer-contents-handlers';
import type { MockContext } from './mock-http';
import { mockRoute } from './mock-route';
import type { MockStorage } from './storage-admin-handlers';
import { createMockUsers } from './users-handlers';

export interface AuditHandlersOptions {
  log: MockAuditLog;
  storage: MockStorage;
  now?: () => Date;
}

/** apps/api modules/audit in memory (auditApi): the audit trail and the admin landing page's summary. */
export function auditHandlers(context: MockContext, options: AuditHandlersOptions): HttpHandler[] {
  const now = options.now ?? (() => new Date());
  // The users' and disclaimers' demo data as their handlers start from (their changes stay their own).
  const users = createMockUsers(now());
  const disclaimers = createMockDisclaimers();
  const newestFirst = () =>
    [...options.log.rows].sort((a, b) => b.at.localeCompare(a.at) || Number(b.id) - Number(a.id));
  return [
    mockRoute(context, auditApi.list, async () => options.log.rows),
    mockRoute(context, auditApi.summary, async () => ({
      pendingInvitations: users.filter((user) => user.status === 'INVITED').length,
      disclaimerDrafts: disclaimers.filter((row) => row.status === 'DRAFT').length,
      storageBytes: options.storage.files.reduce((sum, file) => sum + file.size, 0),
      storageFiles: options.storage.files.length,
      latestAudit: newestFirst().slice(0, 5),
    })),
  ];
}
