/**
 * The record an audit row names, by its entity. For each entity: the table its row is in
 * (named as in TypeScript, camelCase), the columns its name is made of (joined by a space), and where its
 * company is: the row itself (an organisation), its organisationId, or the organisationId of the row its
 * `via` column names. apps/api migration 0018 (audit_entity_name_of, audit_organisation_of) says the same
 * in SQL, checked against this table by apps/api modules/audit/audit-subjects.test.ts.
 */
export interface AuditSubjectRule {
  table: string;
  name?: readonly string[];
  company: 'self' | 'organisationId' | 'none' | { via: string; table: string };
}

const owned = (table: string, ...name: string[]): AuditSubjectRule => ({
  table,
  name,
  company: 'organisationId',
});
const named = (table: string, ...name: string[]): AuditSubjectRule => ({ table, name, company: 'none' });

export const AUDIT_SUBJECTS: Readonly<Record<string, AuditSubjectRule>> = {
  organisation: { table: 'organisations', name: ['legalName'], company: 'self' },
  user: owned('users', 'displayName'),
  contact: owned('contacts', 'firstName', 'lastName'),
  check: owned('checks'),
  registration: owned('registrations', 'companyName'),
  disclaimerAcceptance: { table: 'disclaimerAcceptances', company: { via: 'userId', table: 'users' } },
  participationAgreement: owned('participationAgreements'),
  invoicingInformation: owned('invoicingInformation'),
  certificateRequest: owned('certificateRequests'),
  sessionToken: owned('sessionTokens'),
  TestRun: owned('testRuns'),
  storedFile: owned('storedFiles', 'name'),
  gateway: named('gateways', 'name'),
  tooltip: named('tooltips', 'key'),
  disclaimerContent: named('disclaimerContents', 'title'),
  link: named('links', 'label'),
};

/**
 * The name a record of `entity` goes by, from its row (the columns AUDIT_SUBJECTS names, joined by a
 * space): what a DELETE's audit row keeps, so the trail names the record after it is gone. Null for an
 * entity without a name, or a row lacking it.
 */
export function auditSubjectName(entity: string, row: object): string | null {
  const columns = AUDIT_SUBJECTS[entity]?.name;
  if (!columns || columns.length === 0) return null;
  const parts = columns
    .map((column) => Reflect.get(row, column))
    .filter((part) => typeof part === 'string' && part !== '');
  return parts.length === 0 ? null : parts.join(' ');
}
