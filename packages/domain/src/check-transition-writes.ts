import type { CheckEventDraft, CheckRecord, CheckType } from './checks.js';
import type { CheckStatus } from './enums.js';
import { dateOf, iso } from './iso.js';
import { type OrganisationProgress, stageAfterChecks } from './stages.js';

/** The organisation's column that mirrors each check's status (the lists filter on it). */
export const CHECK_STATUS_COLUMN = {
  LEGITIMACY: 'legitimacyStatus',
  CONTRACTUAL: 'contractualStatus',
  FINANCIAL: 'financialStatus',
} as const satisfies Record<CheckType, keyof OrganisationProgress>;

type Stored<T> = { [K in keyof T]: T[K] extends Date | null ? Date | string | null : T[K] };

/** A stored check (its dates as the database's Dates or as ISO strings) as the rules read it. */
export const checkRecordOf = (row: Stored<CheckRecord>): CheckRecord => ({
  type: row.type,
  status: row.status,
  attempt: row.attempt,
  assignee: row.assignee,
  submittedAt: dateOf(row.submittedAt),
  slaDueAt: dateOf(row.slaDueAt),
  decidedAt: dateOf(row.decidedAt),
  decidedBy: row.decidedBy,
  reason: row.reason,
});

/** The organisation as a transition reads it: its id, stage and the three checks' statuses. */
export type TransitionOrganisation = Pick<
  OrganisationProgress,
  'stage' | 'legitimacyStatus' | 'contractualStatus' | 'financialStatus'
> & { id: string };

/** A decision to write: the check's type and what `decide` answered (the whole check after it, its event). */
export interface DecidedCheck {
  type: CheckType;
  next: CheckRecord;
  event: CheckEventDraft;
}

/**
 * domain.md: "Every transition writes a CheckEvent and an AuditLog row". What one decision of the check state
 * machine (the company's submission, a reviewer's decision: `decide`'s answer) writes, as the API stores it:
 * the check's columns, its event (the caller adds the check's id), the organisation's copy of the status, its
 * stage (`stageAfterChecks`) and, for legitimacy, its submittedAt (the application's submission), and the
 * audit row named after the action.
 */
export function checkTransitionWrites(organisation: TransitionOrganisation, transition: DecidedCheck) {
  const { type, next, event } = transition;
  const column = CHECK_STATUS_COLUMN[type];
  const statuses: Record<typeof column, CheckStatus> = {
    legitimacyStatus: organisation.legitimacyStatus,
    contractualStatus: organisation.contractualStatus,
    financialStatus: organisation.financialStatus,
    [column]: next.status,
  };
  const stage = stageAfterChecks({ stage: organisation.stage, ...statuses });
  const { status, attempt, submittedAt, slaDueAt, assignee, decidedAt, decidedBy, reason } = next;
  const { from, to, actor, role, comment, at } = event;
  return {
    check: { status, attempt, submittedAt, slaDueAt, assignee, decidedAt, decidedBy, reason },
    event: { fromStatus: from, toStatus: to, actor, role, comment, at },
    stage,
    organisation: {
      [column]: next.status,
      ...(type === 'LEGITIMACY' ? { submittedAt: next.submittedAt } : {}),
      stage,
    } as Partial<Record<typeof column, CheckStatus>> & { stage: typeof stage; submittedAt?: Date | null },
    /** The audit row; the caller adds the check's id as its entityId. */
    audit: {
      action: event.action,
      entity: 'check',
      diff: {
        organisationId: organisation.id,
        type,
        status: { from, to },
        attempt,
        slaDueAt: iso(slaDueAt),
        assignee,
        reason,
        stage: { from: organisation.stage, to: stage },
      },
    },
  };
}
