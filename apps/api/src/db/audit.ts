import type { AuditAction } from '@portal/contracts';
import { redactSecrets } from '@portal/domain';
import type { Kysely, Transaction } from 'kysely';
import { addressOf } from './request-context.js';
import type { DB } from './schema.js';

export interface AuditEntry {
  actor: string;
  /** One of contracts AUDIT_ACTIONS: the audit's Action filter offers that list, so every action is in it. */
  action: AuditAction;
  entity: string;
  entityId: string;
  diff?: unknown;
  /** The record's name, when the writer has it and the row may be gone (a DELETE); else looked up on insert. */
  entityName?: string | null;
}

/** domain.md: every change writes an audit row, in the same transaction as the change. */
export async function writeAudit(trx: Transaction<DB> | Kysely<DB>, entry: AuditEntry): Promise<void> {
  await trx
    .insertInto('auditLog')
    .values({
      ...entry,
      // The client address of the request making the change, when a request makes it.
      address: addressOf(trx),
      diff: entry.diff === undefined ? null : JSON.stringify(redactSecrets(entry.diff)),
    })
    .execute();
}
