import type { AdminSummary, AuditRow } from '@portal/contracts';
import type { ListPage } from '@portal/list-query';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditHandlers } from './audit-handlers';
import { createMockAuditLog, type MockAuditLog } from './audit-log';
import { createMockDisclaimers } from './disclaimer-contents-handlers';
import { createMockStorage } from './storage-admin-handlers';
import { createMockUsers } from './users-handlers';

const NOW = new Date('2026-06-15T10:00:00Z');
const server = setupServer();
let log: MockAuditLog;
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  log = createMockAuditLog(() => NOW);
  server.resetHandlers(
    ...auditHandlers(
      { delayMs: 0, newId: () => 'unused' },
      { log, storage: createMockStorage(), now: () => NOW },
    ),
  );
});
afterAll(() => server.close());

const call = async <T>(path: string) => {
  const response = await fetch(new URL(path, location.origin), {
    headers: { authorization: 'Bearer mock-token' },
  });
  return { status: response.status, body: (await response.json()) as T };
};

describe('mock mode: /api/audit and /api/admin/summary (apps/api modules/audit)', () => {
  it('lists the audit trail newest first, filtered by actor, entity, action and date range', async () => {
    const all = await call<ListPage<AuditRow>>('/api/audit');
    expect(all.body.items.map((row) => row.action)).toEqual([
      'ISSUE_SESSION_TOKEN',
      'APPROVE',
      'UPDATE',
      'CREATE',
    ]);
    const actions = async (query: string) =>
      (await call<ListPage<AuditRow>>(`/api/audit?${query}`)).body.items.map((row) => row.action);
    expect(await actions('entity=gateway&order=at')).toEqual(['CREATE', 'UPDATE']);
    expect(await actions('action=APPROVE')).toEqual(['APPROVE']);
    expect(await actions('actor=*rita*')).toEqual(['ISSUE_SESSION_TOKEN', 'APPROVE']);
    expect(await actions('at.gte=2026-02-01&at.lt=2026-03-01')).toEqual(['UPDATE']);
  });

  it("answers the landing page's counts from the demo data and the latest five audit rows", async () => {
    for (let n = 0; n < 3; n += 1)
      log.write({ actor: 'a', action: `STEP_${n}`, entity: 'x', entityId: String(n), diff: null });
    const { body } = await call<AdminSummary>('/api/admin/summary');
    expect(body).toMatchObject({
      pendingInvitations: createMockUsers(NOW).filter((user) => user.status === 'INVITED').length,
      disclaimerDrafts: createMockDisclaimers().filter((row) => row.status === 'DRAFT').length,
      storageFiles: 4,
    });
    expect(body.storageBytes).toBeGreaterThan(0);
    expect(body.latestAudit.map((row) => row.action)).toEqual([
      'STEP_2',
      'STEP_1',
      'STEP_0',
      'ISSUE_SESSION_TOKEN',
      'APPROVE',
    ]);
  });
});
