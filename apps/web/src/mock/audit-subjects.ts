import type { AuditRow } from '@portal/contracts';
import type { AuditLogRow, MockDb } from './mock-db';

interface Subject {
  name: string | null;
  organisationId: string | null;
}

type Finder = (db: MockDb, id: string) => Subject | undefined;

const owned =
  <R extends { id: string; organisationId: string | null }>(
    rows: (db: MockDb) => readonly R[],
    name: (row: R) => string | null = () => null,
  ): Finder =>
  (db, id) => {
    const row = rows(db).find((each) => each.id === id);
    return row && { name: name(row), organisationId: row.organisationId };
  };

const named =
  <R extends { id: string }>(rows: (db: MockDb) => readonly R[], name: (row: R) => string): Finder =>
  (db, id) => {
    const row = rows(db).find((each) => each.id === id);
    return row && { name: name(row), organisationId: null };
  };

/**
 * apps/api modules/audit audit-list.ts `subjects` over the store (issue 23 item 19): each kind of record the
 * trail names, its own name and the company it belongs to.
 */
const SUBJECTS: Record<string, Finder> = {
  organisation: (db, id) => {
    const row = db.organisations.find((each) => each.id === id);
    return row && { name: row.legalName, organisationId: row.id };
  },
  user: owned(
    (db) => db.users,
    (row) => row.displayName,
  ),
  contact: owned(
    (db) => db.contacts,
    (row) => `${row.firstName} ${row.lastName}`,
  ),
  check: owned((db) => db.checks),
  registration: owned(
    (db) => db.registrations,
    (row) => row.companyName,
  ),
  disclaimerAcceptance: (db, id) => {
    const acceptance = db.disclaimerAcceptances.find((each) => each.id === id);
    const user = acceptance && db.users.find((each) => each.id === acceptance.userId);
    return acceptance && { name: null, organisationId: user?.organisationId ?? null };
  },
  participationAgreement: owned((db) => db.participationAgreements),
  invoicingInformation: owned((db) => db.invoicingInformation),
  certificateRequest: owned((db) => db.certificateRequests),
  sessionToken: owned((db) => db.sessionTokens),
  TestRun: owned((db) => db.testRuns),
  storedFile: owned(
    (db) => db.storedFiles,
    (row) => row.name,
  ),
  gateway: named(
    (db) => db.gateways,
    (row) => row.name,
  ),
  tooltip: named(
    (db) => db.tooltips,
    (row) => row.key,
  ),
  disclaimerContent: named(
    (db) => db.disclaimerContents,
    (row) => row.title,
  ),
  link: named(
    (db) => db.links,
    (row) => row.label,
  ),
};

/** An audit row as the API answers it: who by name, the record by name, and its company. */
export function resolveAuditRow(db: MockDb, row: AuditLogRow): AuditRow {
  const actor = row.actor.toLowerCase();
  const subject = SUBJECTS[row.entity]?.(db, row.entityId);
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
