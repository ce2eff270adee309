import { describe, expect, it } from 'vitest';
import { createTestI18n } from '../../../test/test-i18n';
import { diffFieldLabel, diffLines, diffValueWords } from './audit-diff';

describe('diffLines: each audit diff readable', () => {
  it.each([
    ['no diff', null, []],
    [
      "an UPDATE's { field: { from, to } }",
      { status: { from: 'INVITED', to: 'ACTIVE' }, roles: { from: ['EMVO'], to: ['ADMIN'] } },
      [
        { field: 'status', kind: 'change', from: 'INVITED', to: 'ACTIVE' },
        { field: 'roles', kind: 'change', from: '["EMVO"]', to: '["ADMIN"]' },
      ],
    ],
    [
      'a value set from nothing',
      { reason: { from: null, to: 'late' } },
      [{ field: 'reason', kind: 'change', from: '—', to: 'late' }],
    ],
    [
      "a CREATE's values",
      { name: 'Hub', active: true },
      [
        { field: 'name', kind: 'value', value: 'Hub' },
        { field: 'active', kind: 'value', value: 'true' },
      ],
    ],
    ['a plain value', 'text', [{ field: '', kind: 'value', value: 'text' }]],
  ])('%s', (_case, diff, lines) => {
    expect(diffLines(diff)).toEqual(lines);
  });
});

describe('diffFieldLabel: the changes labelled in words, never by raw field names', () => {
  const t = createTestI18n().t;
  it.each([
    ['a check’s assignment', 'check', 'assignee', 'Assigned to'],
    ['a note’s id', 'check', 'noteId', 'Internal note'],
    ['a user’s role in the company', 'user', 'obpRole', 'Role in the company'],
    ['a gateway’s field, as its form labels it', 'gateway', 'contactEmail', 'Contact email'],
    ['a stored file’s, as the storage list does', 'storedFile', 'referenceCount', 'References'],
    ['a field the catalogue does not know, in words', 'organisation', 'someNewFlag', 'Some new flag'],
    ['a plain value, which has no field', 'check', '', ''],
  ])('%s', (_case, entity, field, label) => {
    expect(diffFieldLabel(t, entity, field)).toBe(label);
  });

  it('reads an uploaded file by its name', () => {
    expect(diffLines({ file: { id: 'f1', name: 'kbis.pdf', size: 1200 } })).toEqual([
      { field: 'file', kind: 'value', value: 'kbis.pdf' },
    ]);
  });
});

describe('diffValueWords: the values in the words of their records’ screens', () => {
  const t = createTestI18n().t;
  it.each([
    ['a check’s status', 'check', 'status', 'IN_REVIEW', 'In review'],
    ['a check’s type', 'check', 'type', 'LEGITIMACY', 'Legitimacy'],
    ['a token’s status', 'sessionToken', 'status', 'ISSUED', 'Issued'],
    ['a company’s stage', 'organisation', 'stage', 'TECHNICAL_IQE', 'Testing (IQE)'],
    ['a user’s access', 'user', 'access', 'READ_ONLY', 'Read only'],
    ['a flag', 'gateway', 'active', 'false', 'No'],
    ['a code the catalogue does not know, as it is', 'organisation', 'stage', 'NOWHERE', 'NOWHERE'],
    ['an environment, which is its name', 'sessionToken', 'environment', 'IQE', 'IQE'],
  ])('%s', (_case, entity, field, value, text) => {
    expect(diffValueWords(t, entity, field, value)).toBe(text);
  });
});
