import { type AdminSummary, AUDIT_LIST, type AuditRow } from '@portal/contracts';
import { type HttpHandler, http } from 'msw';
import { createMockDisclaimers } from './disclaimer-contents-handlers';
import { MOCK_ACTOR, type MockContext } from './mock-http';
import { answer, listAnswer, protectedHandler } from './mock-resource';
import type { MockStorage } from './storage-admin-handlers';
import { createMockUsers } from './users-handlers';

/** The audit trail in memory: demo rows, and the rows mock writes add (newest last, as written). */
/** A change written through the mock: what the API writes but the time, id and client address. */
type MockAuditEntry = Omit<AuditRow, 'id' | 'at' | 'address'>;

/** The client address the API records with each change (issue 21): in mock mode, this browser. */
const MOCK_ADDRESS = '127.0.0.1';

export interface MockAuditLog {
  readonly rows: AuditRow[];
  write(entry: MockAuditEntry): void;
}

export function createMockAuditLog(now: () => Date = () => new Date()): MockAuditLog {
  let sequence = 0;
  const rows: AuditRow[] = [];
  const add = (entry: MockAuditEntry, at: Date) => {
    sequence += 1;
    rows.push({ id: String(sequence), at: at.toISOString(), address: MOCK_ADDRESS, ...entry });
  };
  const day = (iso: string) => new Date(`${iso}T09:30:00Z`);
  add(
    {
      actor: MOCK_ACTOR,
      action: 'CREATE',
      entity: 'gateway',
      entityId: 'demo-gateway',
      diff: { name: 'Demo Hub', active: true },
    },
    day('2026-01-10'),
  );
  add(
    {
      actor: MOCK_ACTOR,
      action: 'UPDATE',
      entity: 'gateway',
      entityId: 'demo-gateway',
      diff: { active: { from: true, to: false } },
    },
    day('2026-02-02'),
  );
  add(
    {
      actor: 'rita.reviewer@example.com',
      action: 'APPROVE',
      entity: 'check',
      entityId: 'demo-check',
      diff: { status: { from: 'IN_REVIEW', to: 'APPROVED' } },
    },
    day('2026-03-05'),
  );
  add(
    {
      actor: 'rita.reviewer@example.com',
      action: 'ISSUE_SESSION_TOKEN',
      entity: 'sessionToken',
      entityId: 'demo-token',
      diff: { status: { from: 'REQUESTED', to: 'ISSUED' }, tokenValue: '[redacted]' },
    },
    day('2026-03-06'),
  );
  return { rows, write: (entry) => add(entry, now()) };
}

export interface AuditHandlersOptions {
  log: MockAuditLog;
  storage: MockStorage;
  now?: () => Date;
}

/** apps/api modules/audit in memory: GET /api/audit (AUDIT_LIST) and the admin landing page's summary. */
export function auditHandlers(context: MockContext, options: AuditHandlersOptions): HttpHandler[] {
  const { delayMs } = context;
  const now = options.now ?? (() => new Date());
  // The users' and disclaimers' demo data as their handlers start from (their changes stay their own).
  const users = createMockUsers(now());
  const disclaimers = createMockDisclaimers();
  const newestFirst = () =>
    [...options.log.rows].sort((a, b) => b.at.localeCompare(a.at) || Number(b.id) - Number(a.id));
  return [
    http.get(
      '/api/audit',
      protectedHandler(delayMs, async (request) =>
        listAnswer(options.log.rows, new URL(request.url).searchParams, AUDIT_LIST),
      ),
    ),
    http.get(
      '/api/admin/summary',
      protectedHandler(delayMs, async () => {
        const summary: AdminSummary = {
          pendingInvitations: users.filter((user) => user.status === 'INVITED').length,
          disclaimerDrafts: disclaimers.filter((row) => row.status === 'DRAFT').length,
          storageBytes: options.storage.files.reduce((sum, file) => sum + file.size, 0),
          storageFiles: options.storage.files.length,
          latestAudit: newestFirst().slice(0, 5),
        };
        return answer({ ok: true, value: summary }, (value) => value);
      }),
    ),
  ];
}
