import { readFile } from 'node:fs/promises';
import { AUDIT_SUBJECTS } from '@portal/domain';
import { describe, expect, it } from 'vitest';

/**
 * packages/domain AUDIT_SUBJECTS and migration 0018's SQL functions (what the API names an audit row's record
 * by) say the same: the same entities, each read from the same table and columns. A migration that changes
 * one of the functions fails here until the table says so too.
 */
const snake = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** Each `when '<entity>' then (…)` of one SQL function, by entity. */
async function clausesOf(fn: string): Promise<Map<string, string>> {
  const migration = await readFile(
    new URL('../../db/migrations/0018_flat_costs.sql', import.meta.url),
    'utf8',
  );
  const body = migration.slice(migration.indexOf(`create function ${fn}(`)).split('$$')[1] ?? '';
  const clauses = body.split(/\bwhen '/).slice(1);
  return new Map(clauses.map((clause) => [clause.slice(0, clause.indexOf("'")), clause]));
}

const rules = Object.entries(AUDIT_SUBJECTS);

describe('AUDIT_SUBJECTS and the SQL of migration 0018', () => {
  it('names the same records from the same tables and columns (audit_entity_name_of)', async () => {
    const clauses = await clausesOf('audit_entity_name_of');
    const named = rules.filter(([, rule]) => rule.name?.length);
    expect([...clauses.keys()].sort()).toEqual(named.map(([entity]) => entity).sort());
    for (const [entity, rule] of named) {
      const clause = clauses.get(entity) ?? '';
      expect(clause).toContain(` from ${snake(rule.table)} `);
      for (const column of rule.name ?? []) expect(clause).toMatch(new RegExp(`\\.${snake(column)}\\b`));
    }
  });

  it('finds the same companies (audit_organisation_of)', async () => {
    const clauses = await clausesOf('audit_organisation_of');
    const owned = rules.filter(([, rule]) => rule.company !== 'none');
    expect([...clauses.keys()].sort()).toEqual(owned.map(([entity]) => entity).sort());
    for (const [entity, { table, company }] of owned) {
      const clause = clauses.get(entity) ?? '';
      expect(clause).toContain(` from ${snake(table)} `);
      if (company === 'organisationId') expect(clause).toMatch(/\.organisation_id from /);
      if (typeof company === 'object') expect(clause).toContain(`join ${snake(company.table)} `);
      if (typeof company === 'object') expect(clause).toContain(`.${snake(company.via)}`);
    }
  });
});
