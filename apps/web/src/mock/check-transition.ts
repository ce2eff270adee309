import type { Audited, CheckRow, OrganisationRow } from '@portal/demo-data';
import { checkTransitionWrites, type DecidedCheck } from '@portal/domain';
import { actorOf, type MockAuditEntry, writeAudit } from './audit-trail';
import { isoDates } from './iso-dates';
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

/** What `decide` answered, for the organisation and its check (undefined before the first submission). */
export type CheckTransition = DecidedCheck & { organisation: OrganisationRow; check: CheckRow | undefined };

/**
 * domain.md: "Every transition writes a CheckEvent and an AuditLog row": what packages/domain
 * checkTransitionWrites says a decision writes (the check, its event, the organisation's status copy, stage
 * and submittedAt, the audit row), whoever decided (the company's submission, a reviewer), stored here.
 */
export function applyCheckTransition(context: MockContext, request: Request, transition: CheckTransition) {
  const { organisation, type } = transition;
  const writes = checkTransitionWrites(organisation, transition);
  const columns = isoDates(writes.check);
  let check = transition.check;
  if (check) updateColumns(context, request, check, columns);
  else {
    check = { ...auditedRow(context, request), organisationId: organisation.id, type, ...columns };
    context.db.checks.push(check);
  }
  context.db.checkEvents.push({ id: context.newId(), checkId: check.id, ...isoDates(writes.event) });
  const audit = { ...writes.audit, entityId: check.id };
  touchOrganisation(context, request, organisation, isoDates(writes.organisation), audit);
  return check;
}
