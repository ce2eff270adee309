import { ORGANISATIONS_LIST } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseListRequest } from '../../http/list-request.js';
import { EXACT_COUNT_LIMIT, runList } from '../../list/list-sql.js';
import { seedVolume } from '../../seed/volume-seed.js';
import { createTestDatabase } from '../../test/test-database.js';
import { organisationsQuery } from './organisations-list.js';

describe('runList on more rows than an exact count covers', () => {
  const database = createTestDatabase();
  const rows = EXACT_COUNT_LIMIT + 500;
  beforeAll(async () => seedVolume((await database).db, rows));
  afterAll(async () => (await database).close());

  const list = async (query: Record<string, string>) => {
    const { db } = await database;
    return runList(
      db,
      organisationsQuery(db),
      parseListRequest(query, ORGANISATIONS_LIST),
      ORGANISATIONS_LIST,
    );
  };

  it('answers an estimate, flagged as such, above the exact limit', async () => {
    const page = await list({});
    expect(page.totalEstimated).toBe(true);
    expect(page.total).toBeGreaterThan(EXACT_COUNT_LIMIT);
    expect(page.items).toHaveLength(20);
  });

  it('answers an exact total at or below the limit', async () => {
    const page = await list({ stage: 'INFORMATION' });
    expect(page.totalEstimated).toBe(false);
    expect(page.total).toBe(Math.floor(rows / 8) + (rows % 8 >= 5 ? 1 : 0));
  });

  it('pages through every row once, in order, whatever the depth (deferred join)', async () => {
    const { db } = await database;
    const all = await db
      .selectFrom('organisations')
      .select('obpNumber')
      .orderBy('legalName')
      .orderBy('id')
      .execute();
    const pages = await Promise.all(
      Array.from({ length: Math.ceil(rows / 100) }, (_, index) =>
        list({ order: 'legalName', limit: '100', page: String(index + 1) }),
      ),
    );
    expect(pages.flatMap((page) => page.items.map((row) => row.obpNumber))).toEqual(
      all.map((row) => row.obpNumber),
    );
  });
});
