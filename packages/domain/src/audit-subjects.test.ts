import { describe, expect, it } from 'vitest';
import { auditSubjectName } from './audit-subjects.js';

describe('the name a deleted record keeps in the audit trail', () => {
  it('is made of its entity’s name columns, joined by a space', () => {
    expect(auditSubjectName('gateway', { id: 'g', name: 'Acme Gateway', type: 'PROVIDER' })).toBe(
      'Acme Gateway',
    );
    expect(auditSubjectName('link', { id: 'l', label: 'Privacy', url: 'https://x.test' })).toBe('Privacy');
    expect(auditSubjectName('contact', { firstName: 'Anna', lastName: 'Keller' })).toBe('Anna Keller');
  });

  it('is null for an entity without a name, an unknown one, or a row lacking it', () => {
    expect(auditSubjectName('check', { id: 'c', type: 'LEGITIMACY' })).toBeNull();
    expect(auditSubjectName('nothing', { name: 'x' })).toBeNull();
    expect(auditSubjectName('gateway', { id: 'g' })).toBeNull();
    expect(auditSubjectName('contact', { firstName: 'Anna', lastName: null })).toBe('Anna');
  });
});
