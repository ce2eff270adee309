import { describe, expect, it } from 'vitest';
import { auditSubjectOf, type RowFinder } from './audit-subjects.js';

const tables: Record<string, Record<string, unknown>[]> = {
  organisations: [{ id: 'o1', legalName: 'Acme' }],
  contacts: [{ id: 'c1', organisationId: 'o1', firstName: 'Ann', lastName: 'Lee' }],
  users: [{ id: 'u1', organisationId: 'o1', displayName: 'Ann Lee' }],
  disclaimerAcceptances: [{ id: 'a1', userId: 'u1' }],
  checks: [{ id: 'k1', organisationId: 'o1' }],
  links: [{ id: 'l1', label: 'Help' }],
};
const find: RowFinder = (table, id) => tables[table]?.find((row) => row.id === id);

describe('auditSubjectOf', () => {
  it.each([
    ['organisation', 'o1', { name: 'Acme', organisationId: 'o1' }],
    ['contact', 'c1', { name: 'Ann Lee', organisationId: 'o1' }],
    ['check', 'k1', { name: null, organisationId: 'o1' }],
    ['disclaimerAcceptance', 'a1', { name: null, organisationId: 'o1' }],
    ['link', 'l1', { name: 'Help', organisationId: null }],
  ])('names a %s and its company', (entity, id, subject) => {
    expect(auditSubjectOf(entity, id, find)).toEqual(subject);
  });

  it('names nothing of an unknown entity or a row that is gone', () => {
    expect(auditSubjectOf('weather', 'o1', find)).toBeUndefined();
    expect(auditSubjectOf('contact', 'gone', find)).toBeUndefined();
  });
});
