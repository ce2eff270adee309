import { redactSecrets } from '@portal/domain';
import type { AuditLogRow } from './mock-db';
import { callerOf, type MockContext } from './mock-http';

/** What a change writes to the trail (apps/api db/audit.ts AuditEntry); the actor defaults to the caller. */
export type MockAuditEntry = Pick<AuditLogRow, 'action' | 'entity' | 'entityId'> &
  Partial<Pick<AuditLogRow, 'actor' | 'diff'>>;

/** issue 21 item 3: the client address of the request making the change; in mock mode, this browser. */
const MOCK_ADDRESS = '127.0.0.1';

/** Who writes: the signed-in caller's email, as the API's actorOf (a call without a demo session: anonymous). */
export const actorOf = (context: MockContext, request: Request) =>
  callerOf(context, request)?.email ?? 'anonymous';

/**
 * domain.md: every change writes an audit row, as the API's writeAudit does: the caller as actor, the
 * diff with its secrets redacted (issue 13 item 4), the time of the mock's clock.
 */
export function writeAudit(context: MockContext, request: Request, entry: MockAuditEntry): void {
  const { actor, diff, ...rest } = entry;
  context.db.auditLog.push({
    id: context.newId(),
    actor: actor ?? actorOf(context, request),
    ...rest,
    diff: diff === undefined ? null : redactSecrets(diff),
    at: context.now().toISOString(),
    address: MOCK_ADDRESS,
  });
}
