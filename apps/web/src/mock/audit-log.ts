import type { AuditRow } from '@portal/contracts';
import { MOCK_ACTOR } from './mock-http';

/** A change written through the mock: what the API writes but the time, id and client address. */
export type MockAuditEntry = Omit<AuditRow, 'id' | 'at' | 'address'>;

/** The client address the API records with each change (issue 21): in mock mode, this browser. */
const MOCK_ADDRESS = '127.0.0.1';

/**
 * The audit trail in memory: demo rows, and the rows mock writes add (newest last, as written). The
 * handlers that change something write here; audit-handlers.ts reads it.
 */
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
