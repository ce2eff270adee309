import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Headers, reviewerHeaders, type TestApp } from '../../test/reviews-test-kit.js';
import { createTestApp } from '../../test/test-app.js';
import { EXPORT_BATCH } from './metrics-csv.js';

let t: TestApp;
let rita: Headers;
const COMPANIES = EXPORT_BATCH * 2 + 37;

beforeAll(async () => {
  t = await createTestApp();
  rita = await reviewerHeaders(t, 'rita@emvo.test');
  await sql`
    insert into organisations (obp_number, legal_name, org_type, stage, created_by, updated_by)
    select 'X' || lpad(i::text, 5, '0'), 'Export ' || i, 'OPM',
           case when i % 2 = 0 then 'TECHNICAL_IQE' else 'REGISTERED' end, 'test', 'test'
      from generate_series(1, ${COMPANIES}) as i`.execute(t.db);
});
afterAll(() => t.app.close());

describe('GET /api/metrics/companies.csv: more rows than one cursor batch', () => {
  it('streams every row once, in order, across the batches, and releases its transaction', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/metrics/companies.csv?order=obpNumber',
      headers: rita,
    });
    expect(response.statusCode).toBe(200);
    const numbers = response.body
      .split('\r\n')
      .filter(Boolean)
      .slice(1)
      .map((line) => line.split(',')[0]);
    expect(numbers).toHaveLength(COMPANIES);
    expect(numbers[0]).toBe('X00001');
    expect(numbers.at(-1)).toBe(`X${String(COMPANIES).padStart(5, '0')}`);
    expect(new Set(numbers).size).toBe(COMPANIES);
    // The export's read-only transaction is over: a write goes through at once.
    await t.db
      .updateTable('organisations')
      .set({ legalName: 'Renamed' })
      .where('obpNumber', '=', 'X00001')
      .execute();
    const filtered = await t.app.inject({
      method: 'GET',
      url: '/api/metrics/companies.csv?stage=TECHNICAL_IQE',
      headers: rita,
    });
    expect(filtered.body.split('\r\n').filter(Boolean)).toHaveLength(1 + Math.floor(COMPANIES / 2));
  });
});
