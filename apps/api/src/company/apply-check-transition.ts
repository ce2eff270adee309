import {
  type CheckEventDraft,
  type CheckRecord,
  type CheckStatus,
  type CheckType,
  type Stage,
  stageAfterChecks,
} from '@portal/domain';
import { sql, type Transaction } from 'kysely';
import type { CheckRow, DB, Organisation } from '../db/schema.js';
import { publishChange } from '../events/publish-change.js';
import { touchOrganisation } from './organisation.js';

/** The organisation's column that mirrors each check's status (the lists filter on it). */
export const STATUS_COLUMN = {
  LEGITIMACY: 'legitimacyStatus',
  CONTRACTUAL: 'contractualStatus',
  FINANCIAL: 'financialStatus',
} as const satisfies Record<CheckType, keyof Organisation>;

/** A stored check as packages/domain's rules read it. */
export const checkRecordOf = (row: CheckRow): CheckRecord => ({
  type: row.type,
  status: row.status,
  attempt: row.attempt,
  assignee: row.assignee,
  submittedAt: row.submittedAt,
  slaDueAt: row.slaDueAt,
  decidedAt: row.decidedAt,
  decidedBy: row.decidedBy,
  reason: row.reason,
});

export interface CheckTransition {
  /** Locked FOR UPDATE by the caller, before the check: its statuses and stage are read here. */
  organisation: Organisation;
  /** Locked FOR UPDATE by the caller; undefined before the first submission, which creates the row. */
  check: CheckRow | undefined;
  type: CheckType;
  /** What packages/domain `decide` answered: the whole check after the action, and its event. */
  next: CheckRecord;
  event: CheckEventDraft;
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
 * - the change event the live updates carry (issue 25: events/publish-change.ts), named after the action.
 * The caller has checked the versions it was given and locked the organisation before the check (the
 * order every writer of a check follows, so two of them never wait on each other crosswise).
 */
export async function applyCheckTransition(
  trx: Transaction<DB>,
  transition: CheckTransition,
): Promise<AppliedTransition> {
  const { organisation, check, type, next, event, actor } = transition;
  const at = event.at;
  const columns = {
    status: next.status,
    attempt: next.attempt,
    submittedAt: next.submittedAt,
    slaDueAt: next.slaDueAt,
    assignee: next.assignee,
    decidedAt: next.decidedAt,
    decidedBy: next.decidedBy,
    reason: next.reason,
    updatedBy: actor,
    updatedAt: at,
  };
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
    .values({
      checkId: written.id,
      fromStatus: event.from,
      toStatus: event.to,
      actor: event.actor,
      role: event.role,
      comment: event.comment,
      at,
    })
    .execute();

  const statusColumn = STATUS_COLUMN[type];
  const statuses: Record<typeof statusColumn, CheckStatus> = {
    legitimacyStatus: organisation.legitimacyStatus,
    contractualStatus: organisation.contractualStatus,
    financialStatus: organisation.financialStatus,
    [statusColumn]: next.status,
  };
  const stage = stageAfterChecks({ stage: organisation.stage, ...statuses });
  await touchOrganisation(trx, organisation.id, {
    actor,
    at,
    set: {
      [statusColumn]: next.status,
      ...(type === 'LEGITIMACY' ? { submittedAt: next.submittedAt } : {}),
      stage,
    },
    audit: {
      action: event.action,
      entity: 'check',
      entityId: written.id,
      diff: {
        organisationId: organisation.id,
        type,
        status: { from: event.from, to: event.to },
        attempt: next.attempt,
        slaDueAt: next.slaDueAt,
        assignee: next.assignee,
        reason: next.reason,
        stage: { from: organisation.stage, to: stage },
      },
    },
  });
  await publishChange(trx, {
    kind: 'check',
    action: event.action,
    entityId: written.id,
    organisationId: organisation.id,
    version: written.version,
    checkType: type,
    actor,
  });
  return { check: written, stage };
}
