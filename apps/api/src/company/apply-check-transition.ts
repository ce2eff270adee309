import { checkTransitionWrites, type DecidedCheck, type Stage } from '@portal/domain';
import { sql, type Transaction } from 'kysely';
import { publishChange } from '../changes/publish-change.js';
import type { CheckRow, DB, Organisation } from '../db/schema.js';
import { touchOrganisation } from './organisation.js';

/** What packages/domain `decide` answered (the check's type, the whole check after the action, its event). */
export interface CheckTransition extends DecidedCheck {
  /** Locked FOR UPDATE by the caller, before the check: its statuses and stage are read here. */
  organisation: Organisation;
  /** Locked FOR UPDATE by the caller; undefined before the first submission, which creates the row. */
  check: CheckRow | undefined;
  /** Who the rows name as their writer (the token's email, else its subject). */
  actor: string;
}

export interface AppliedTransition {
  check: CheckRow;
  stage: Stage;
}

/**
 * Writes one decision of the check state machine (packages/domain checks.ts), whoever took it: the
 * company's submission or a reviewer's decision. domain.md: "Every transition writes a CheckEvent and an
 * AuditLog row in the same transaction", so this runs inside the caller's transaction and writes:
 * - the check (inserted at the first submission, else updated with version + 1);
 * - its CheckEvent;
 * - the organisation's copy of the status, its stage (`stageAfterChecks`: legitimacy approved moves it to
 *   APPROVALS, all three approved to TECHNICAL_IQE) and, for legitimacy, its submittedAt (the
 *   application's submission, which the reviewers' organisations list shows), with version + 1;
 * - the audit row, named after the action;
 * - the change event the live updates carry (changes/publish-change.ts), named after the action.
 * The caller has checked the versions it was given and locked the organisation before the check (the
 * order every writer of a check follows, so two of them never wait on each other crosswise).
 */
export async function applyCheckTransition(
  trx: Transaction<DB>,
  transition: CheckTransition,
): Promise<AppliedTransition> {
  const { organisation, check, type, actor } = transition;
  // What the decision writes (packages/domain checkTransitionWrites), stored here.
  const writes = checkTransitionWrites(organisation, transition);
  const at = writes.event.at;
  const columns = { ...writes.check, updatedBy: actor, updatedAt: at };
  const written = check
    ? await trx
        .updateTable('checks')
        .set({ ...columns, version: sql<number>`version + 1` })
        .where('id', '=', check.id)
        .returningAll()
        .executeTakeFirstOrThrow()
    : await trx
        .insertInto('checks')
        .values({ ...columns, organisationId: organisation.id, type, createdBy: actor, createdAt: at })
        .returningAll()
        .executeTakeFirstOrThrow();
  await trx
    .insertInto('checkEvents')
    .values({ ...writes.event, checkId: written.id })
    .execute();
  const { stage } = writes;
  await touchOrganisation(trx, organisation.id, {
    actor,
    at,
    set: writes.organisation,
    audit: { ...writes.audit, entityId: written.id },
  });
  await publishChange(trx, {
    kind: 'check',
    action: transition.event.action,
    entityId: written.id,
    organisationId: organisation.id,
    version: written.version,
    checkType: type,
    actor,
  });
  return { check: written, stage };
}
