import { sql, type Transaction, type Updateable } from 'kysely';
import { type AuditEntry, writeAudit } from '../db/audit.js';
import type { DB, Organisation, OrganisationsTable } from '../db/schema.js';
import { lockRow } from '../db/versioned-rows.js';
import { versionConflict } from '../http/api-error.js';

/**
 * The organisation's row, locked until the transaction ends (404 when there is none). A writer of a check
 * locks the organisation before the check (apply-check-transition.ts), so two writers never wait on each
 * other crosswise.
 */
export const lockOrganisation = (trx: Transaction<DB>, organisationId: string) =>
  lockRow(trx, {
    table: 'organisations',
    entity: 'organisation',
    id: organisationId,
    missing: `No organisation ${organisationId}`,
  });

/**
 * The organisation locked at the version the editor read (domain.md: a stale version answers 409, so a
 * second tab saving an older copy never overwrites the first).
 */
export async function lockOrganisationAtVersion(
  trx: Transaction<DB>,
  organisationId: string,
  version: number,
): Promise<Organisation> {
  const organisation = await lockOrganisation(trx, organisationId);
  if (organisation.version !== version) throw versionConflict();
  return organisation;
}

export interface OrganisationTouch {
  /** Who the row and the audit row name: the token's email, else its subject. */
  actor: string;
  /** When; default now. */
  at?: Date;
  /** The organisation's own columns the change sets (its stage, its gateway, its company fields). */
  set?: Omit<Updateable<OrganisationsTable>, 'version' | 'updatedBy' | 'updatedAt'>;
  /**
   * The change's audit row (its actor is the touch's). Left out only when the change has written its own
   * rows already, one per record it changed.
   */
  audit?: Omit<AuditEntry, 'actor'>;
}

/**
 * A change to a company's application is a change to its organisation: the row's version + 1 (an editor
 * holding the old version gets 409, however small the change was), who changed it and when, the columns
 * the change sets, and the change's audit row, in the caller's transaction (domain.md: every change writes
 * an audit row in the same transaction). Answers the row as written.
 */
export async function touchOrganisation(
  trx: Transaction<DB>,
  organisationId: string,
  touch: OrganisationTouch,
): Promise<Organisation> {
  const organisation = await trx
    .updateTable('organisations')
    .set({
      ...touch.set,
      updatedBy: touch.actor,
      updatedAt: touch.at ?? new Date(),
      version: sql<number>`version + 1`,
    })
    .where('id', '=', organisationId)
    .returningAll()
    .executeTakeFirstOrThrow();
  if (touch.audit) await writeAudit(trx, { ...touch.audit, actor: touch.actor });
  return organisation;
}
