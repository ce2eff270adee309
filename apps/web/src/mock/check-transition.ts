import type { CheckRow, OrganisationRow } from '@portal/demo-data';
import { checkTransitionWrites, type DecidedCheck, isoDates } from '@portal/domain';
import { type MockAuditEntry, writeAudit } from './audit-trail';
import type { MockContext } from './mock-http';
import { insertRow, updateColumns } from './mock-resource';

/*
 * The writes a company's application shares with the reviewers' decisions, over the store as apps/api
 * company/organisation.ts and company/apply-check-transition.ts make them in SQL.
 */

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

/**
 * domain.md: "Every transition writes a CheckEvent and an AuditLog row": what packages/domain
 * checkTransitionWrites says a decision (`decide`'s answer) writes for the organisation and its check
 * (undefined before the first submission): the check, its event, the organisation's status copy, stage
 * and submittedAt, the audit row; whoever decided (the company's submission, a reviewer), stored here.
 */
export function applyCheckTransition(
  context: MockContext,
  request: Request,
  transition: DecidedCheck & { organisation: OrganisationRow; check: CheckRow | undefined },
) {
  const { organisation, type } = transition;
  const writes = checkTransitionWrites(organisation, transition);
  const columns = isoDates(writes.check);
  const check = transition.check
    ? updateColumns(context, request, transition.check, columns)
    : insertRow(context, request, 'checks', { organisationId: organisation.id, type, ...columns });
  context.db.checkEvents.push({ id: context.newId(), checkId: check.id, ...isoDates(writes.event) });
  const audit = { ...writes.audit, entityId: check.id };
  touchOrganisation(context, request, organisation, isoDates(writes.organisation), audit);
  return check;
}
