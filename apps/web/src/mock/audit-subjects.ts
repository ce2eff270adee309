import type { AuditRow } from '@portal/contracts';
import { auditSubjectOf } from '@portal/domain';
import type { AuditLogRow, MockDb } from './mock-db';

/**
 * An audit row as the API answers it (apps/api modules/audit audit-list.ts): who by name, the record by
 * name and its company, each record found by packages/domain AUDIT_SUBJECTS (issue 23 item 19), the rule
 * the API's SQL functions follow too.
 */
export function resolveAuditRow(db: MockDb, row: AuditLogRow): AuditRow {
  const tables = db as unknown as Record<string, readonly { id: string }[] | undefined>;
  const find = (table: string, id: string) => tables[table]?.find((each) => each.id === id);
  const actor = row.actor.toLowerCase();
  const subject = auditSubjectOf(row.entity, row.entityId, find);
  const company = subject?.organisationId
    ? db.organisations.find((each) => each.id === subject.organisationId)
    : undefined;
  return {
    ...row,
    actorName: db.users.find((user) => user.email.toLowerCase() === actor)?.displayName ?? null,
    entityName: subject?.name ?? null,
    organisationId: subject?.organisationId ?? null,
    companyName: company?.legalName ?? null,
    obpNumber: company?.obpNumber ?? null,
  };
}
