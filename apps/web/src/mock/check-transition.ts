import type { Audited, CheckRow, OrganisationRow } from '@portal/demo-data';
import {
  type CheckEventDraft,
  type CheckRecord,
  type CheckType,
  dateOf,
  iso,
  stageAfterChecks,
} from '@portal/domain';
import { actorOf, type MockAuditEntry, writeAudit } from './audit-trail';
import type { MockContext } from './mock-http';

/*
 * The writes a company's application shares with the reviewers' decisions, over the store as apps/api
 * company/organisation.ts and company/apply-check-transition.ts make them in SQL.
 */

/** A new row's audited columns: written by the caller now, version 1. */
export function auditedRow(context: MockContext, request: Request): Audited {
  const at = context.now().toISOString();
  const by = actorOf(context, request);
  return { id: context.newId(), createdAt: at, updatedAt: at, createdBy: by, updatedBy: by, version: 1 };
}

/** Changes a row as an UPDATE does: the changes, who and when, its version + 1. */
export function updateColumns<Row extends Audited>(
  context: MockContext,
  request: Request,
  row: Row,
  changes: Partial<Row> = {},
): Row {
  const stamps = { updatedAt: context.now().toISOString(), updatedBy: actorOf(context, request) };
  return Object.assign(row, changes, stamps, { version: row.version + 1 });
}

/**
 * apps/api touchOrganisation: a change to a company's application is a change to its organisation (its
 * version + 1, however small the change), with the change's audit row when given.
 */
export function touchOrganisation(
  context: MockContext,
  request: Request,
  organisation: OrganisationRow,
  changes: Partial<OrganisationRow> = {},
  audit?: MockAuditEntry,
): void {
  updateColumns(context, request, organisation, changes);
  if (audit) writeAudit(context, request, audit);
}

/** A stored check as packages/domain's rules read it. */
export const checkRecordOf = (row: CheckRow): CheckRecord => ({
  ...row,
  submittedAt: dateOf(row.submittedAt),
  slaDueAt: dateOf(row.slaDueAt),
  decidedAt: dateOf(row.decidedAt),
});

const STATUS_COLUMN = {
  LEGITIMACY: 'legitimacyStatus',
  CONTRACTUAL: 'contractualStatus',
  FINANCIAL: 'financialStatus',
} as const satisfies Record<CheckType, keyof OrganisationRow>;

export interface CheckTransition {
  organisation: OrganisationRow;
  /** Undefined before the first submission, which creates the row. */
  check: CheckRow | undefined;
  type: CheckType;
  /** What packages/domain `decide` answered. */
  next: CheckRecord;
  event: CheckEventDraft;
}

/**
 * domain.md: "Every transition writes a CheckEvent and an AuditLog row": the check, its event, the
 * organisation's copy of the status, its stage (domain stageAfterChecks), for legitimacy its submittedAt,
 * and the audit row named after the action, whoever decided (the company's submission, a reviewer).
 */
export function applyCheckTransition(context: MockContext, request: Request, transition: CheckTransition) {
  const { organisation, type, next, event } = transition;
  const columns = {
    ...{ status: next.status, attempt: next.attempt, assignee: next.assignee, reason: next.reason },
    ...{ submittedAt: iso(next.submittedAt), slaDueAt: iso(next.slaDueAt) },
    ...{ decidedAt: iso(next.decidedAt), decidedBy: next.decidedBy },
  };
  let check = transition.check;
  if (check) updateColumns(context, request, check, columns);
  else {
    check = { ...auditedRow(context, request), organisationId: organisation.id, type, ...columns };
    context.db.checks.push(check);
  }
  const { from, to, actor, role, comment } = event;
  const at = event.at.toISOString();
  context.db.checkEvents.push({
    ...{ id: context.newId(), checkId: check.id, fromStatus: from, toStatus: to },
    ...{ actor, role, comment, at },
  });
  const statuses = { ...organisation, [STATUS_COLUMN[type]]: next.status };
  const stage = stageAfterChecks(statuses);
  const changes = {
    [STATUS_COLUMN[type]]: next.status,
    stage,
    ...(type === 'LEGITIMACY' && { submittedAt: iso(next.submittedAt) }),
  };
  touchOrganisation(context, request, organisation, changes, {
    action: event.action,
    entity: 'check',
    entityId: check.id,
    diff: {
      ...{ organisationId: organisation.id, type, status: { from, to }, attempt: next.attempt },
      ...{ slaDueAt: iso(next.slaDueAt), assignee: next.assignee, reason: next.reason },
      stage: { from: organisation.stage, to: stage },
    },
  });
  return check;
}
