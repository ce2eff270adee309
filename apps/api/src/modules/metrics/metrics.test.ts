import { type Metrics, type MetricsCompanyRow, weekStartOf } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Headers, reviewerHeaders, type TestApp } from '../../test/reviews-test-kit.js';
import { createTestApp } from '../../test/test-app.js';
import {
  daysAfter,
  inWeek,
  seedCompany,
  seedProductionMove,
  seedRun,
  seedToken,
} from './metrics-test-kit.js';

let t: TestApp;
let rita: Headers;
const now = new Date();
const registered = new Date('2026-01-05T00:00:00Z');
const ids: Record<string, string> = {};

/**
 * The seed, small enough to compute every figure by hand:
 * - stages: A TECHNICAL_IQE, B TECHNICAL_PRD, C and F MAINTENANCE, D REGISTERED, E APPROVALS;
 * - IQE runs this week: A 3 passed + 1 failed, B 1 passed (5 runs, 4 passed, 80 %); last week A 1 failed
 *   (1 run, 0 %); 13 weeks ago C 1 passed (outside the 12 weeks); A 1 ITE passed; B 1 PRD failed;
 * - tokens: 2 REQUESTED (A IQE, B PRD), 1 CANCELLED (A PRD);
 * - moves to production after registration: B 10 days, C 20 days, F 4 days (median 10); C's later move
 *   to production (a second one) does not count, the first one does.
 */
beforeAll(async () => {
  t = await createTestApp();
  rita = await reviewerHeaders(t, 'rita@emvo.test');
  const companies = [
    { key: 'A', obpNumber: 'C00101', legalName: 'Alpha Pharma', stage: 'TECHNICAL_IQE' },
    { key: 'B', obpNumber: 'C00102', legalName: "Beta;=cmd|' /C calc'!A0", stage: 'TECHNICAL_PRD' },
    { key: 'C', obpNumber: 'C00103', legalName: 'Gamma, "Generics"', stage: 'MAINTENANCE' },
    { key: 'D', obpNumber: 'C00104', legalName: '=HYPERLINK("http://evil.test")', stage: 'REGISTERED' },
    { key: 'E', obpNumber: 'C00105', legalName: 'Epsilon Labs', stage: 'APPROVALS', email: '+31@mail.test' },
    { key: 'F', obpNumber: 'C00106', legalName: 'Zeta Health', stage: 'MAINTENANCE' },
  ] as const;
  for (const company of companies) {
    ids[company.key] = await seedCompany(t, { ...company, createdAt: registered });
  }
  const id = (key: string) => ids[key] ?? '';
  for (const result of ['PASSED', 'PASSED', 'PASSED', 'FAILED'] as const) {
    await seedRun(t, id('A'), { environment: 'IQE', result, at: inWeek(now, 0, 1) });
  }
  await seedRun(t, id('B'), { environment: 'IQE', result: 'PASSED', at: inWeek(now, 0, 2) });
  await seedRun(t, id('A'), { environment: 'IQE', result: 'FAILED', at: inWeek(now, 1) });
  await seedRun(t, id('C'), { environment: 'IQE', result: 'PASSED', at: inWeek(now, 13) });
  await seedRun(t, id('A'), { environment: 'ITE', result: 'PASSED', at: inWeek(now, 2) });
  await seedRun(t, id('B'), { environment: 'PRD', result: 'FAILED', at: inWeek(now, 0, 3) });
  await seedToken(t, id('A'), 'IQE', 'REQUESTED');
  await seedToken(t, id('B'), 'PRD', 'REQUESTED');
  await seedToken(t, id('A'), 'PRD', 'CANCELLED');
  await seedProductionMove(t, id('B'), daysAfter(registered, 10));
  await seedProductionMove(t, id('C'), daysAfter(registered, 20));
  await seedProductionMove(t, id('C'), daysAfter(registered, 40));
  await seedProductionMove(t, id('F'), daysAfter(registered, 4));
});
afterAll(() => t.app.close());

const get = (url: string, headers: Headers = rita) => t.app.inject({ method: 'GET', url, headers });

describe('GET /api/metrics: the figures, against the hand-computed seed', () => {
  it('answers companies per stage, the weekly IQE pass rate, open requests and the median', async () => {
    const response = await get('/api/metrics');
    expect(response.statusCode).toBe(200);
    const metrics = response.json<Metrics>();
    expect(metrics.companiesPerStage).toEqual([
      { stage: 'REGISTERED', count: 1 },
      { stage: 'INFORMATION', count: 0 },
      { stage: 'APPROVALS', count: 1 },
      { stage: 'TECHNICAL_IQE', count: 1 },
      { stage: 'TECHNICAL_PRD', count: 1 },
      { stage: 'MAINTENANCE', count: 2 },
      { stage: 'SUSPENDED', count: 0 },
      { stage: 'WITHDRAWN', count: 0 },
    ]);
    expect(metrics.iqePassRate).toHaveLength(12);
    const thisWeek = weekStartOf(now).toISOString().slice(0, 10);
    const lastWeek = new Date(weekStartOf(now).getTime() - 7 * 86_400_000).toISOString().slice(0, 10);
    expect(metrics.iqePassRate.at(-1)).toEqual({ weekStart: thisWeek, runs: 5, passed: 4, rate: 80 });
    expect(metrics.iqePassRate.at(-2)).toEqual({ weekStart: lastWeek, runs: 1, passed: 0, rate: 0 });
    // The other ten weeks have no runs (the run 13 weeks ago is outside the range).
    expect(metrics.iqePassRate.slice(0, 10).every((week) => week.runs === 0 && week.rate === null)).toBe(
      true,
    );
    expect(metrics.openTokenRequests).toBe(2);
    expect(metrics.medianDaysToProduction).toBe(10);
    expect(metrics.productionMoves).toBe(3);
  });
});

describe('GET /api/metrics/companies: the per-company table', () => {
  it('answers each company with its last run and pass rate per environment', async () => {
    const response = await get('/api/metrics/companies');
    expect(response.statusCode).toBe(200);
    const page = response.json<{ items: MetricsCompanyRow[]; total: number }>();
    expect(page.total).toBe(6);
    const byNumber = new Map(page.items.map((row) => [row.obpNumber, row]));
    expect(byNumber.get('C00101')).toMatchObject({
      stage: 'TECHNICAL_IQE',
      passRateIte: 100,
      passRateIqe: 60, // 3 of 5
      passRatePrd: null,
      lastRunAt: inWeek(now, 0, 1).toISOString(),
      allowedMoves: ['MOVE_TO_PRODUCTION'],
      version: 1,
    });
    expect(byNumber.get('C00102')).toMatchObject({
      passRateIte: null,
      passRateIqe: 100,
      passRatePrd: 0,
      allowedMoves: ['MOVE_TO_MAINTENANCE'],
    });
    expect(byNumber.get('C00104')).toMatchObject({ lastRunAt: null, allowedMoves: [] });
  });

  it('filters by stage, searches name, number and email, sorts by a pass rate', async () => {
    const stage = await get('/api/metrics/companies?stage=MAINTENANCE');
    expect(stage.json<{ items: MetricsCompanyRow[] }>().items.map((row) => row.obpNumber)).toEqual([
      'C00103',
      'C00106',
    ]);
    const search = await get('/api/metrics/companies?search=beta');
    expect(search.json<{ items: MetricsCompanyRow[] }>().items.map((row) => row.obpNumber)).toEqual([
      'C00102',
    ]);
    const byEmail = await get(`/api/metrics/companies?search=${encodeURIComponent('+31@')}`);
    expect(byEmail.json<{ items: MetricsCompanyRow[] }>().items.map((row) => row.obpNumber)).toEqual([
      'C00105',
    ]);
    const sorted = await get('/api/metrics/companies?order=-passRateIqe,obpNumber&passRateIqe.gte=0');
    expect(sorted.json<{ items: MetricsCompanyRow[] }>().items.map((row) => row.obpNumber)).toEqual([
      'C00102',
      'C00103',
      'C00101',
    ]);
  });

  it('answers 400 with the list code for a field it does not know', async () => {
    const response = await get('/api/metrics/companies?country=BE');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'UNKNOWN_FIELD' });
  });
});

describe('GET /api/metrics/companies.csv: the export', () => {
  const lines = (body: string) => body.split('\r\n').filter((line) => line !== '');

  it('streams every matching company with the header, escaped and guarded against formulas', async () => {
    const response = await get('/api/metrics/companies.csv?order=obpNumber');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="tests-status-.*\.csv"$/);
    const rows = lines(response.body);
    expect(rows[0]).toBe('obpNumber,legalName,email,stage,lastRunAt,passRateIte,passRateIqe,passRatePrd');
    expect(rows).toHaveLength(7);
    expect(rows[1]).toBe(
      `C00101,Alpha Pharma,c00101@company.test,TECHNICAL_IQE,${inWeek(now, 0, 1).toISOString()},100,60,`,
    );
    // A `;`-separated locale's spreadsheet splits on semicolons: the cell is quoted and its formula guarded.
    expect(rows[2]).toMatch(/^C00102,"Beta;'=cmd\|' \/C calc'!A0",c00102@company.test,TECHNICAL_PRD,/);
    expect(rows[3]).toBe(
      `C00103,"Gamma, ""Generics""",c00103@company.test,MAINTENANCE,${inWeek(now, 13).toISOString()},,100,`,
    );
    expect(rows[4]).toBe(`C00104,"'=HYPERLINK(""http://evil.test"")",c00104@company.test,REGISTERED,,,,`);
    expect(rows[5]).toBe(`C00105,Epsilon Labs,'+31@mail.test,APPROVALS,,,,`);
  });

  it("applies the list query's filters, search and order, not its paging", async () => {
    const filtered = await get(
      '/api/metrics/companies.csv?stage=MAINTENANCE,TECHNICAL_PRD&order=-obpNumber&limit=1',
    );
    expect(lines(filtered.body).map((line) => line.split(',')[0])).toEqual([
      'obpNumber',
      'C00106',
      'C00103',
      'C00102',
    ]);
    const searched = await get('/api/metrics/companies.csv?search=alpha');
    expect(lines(searched.body).map((line) => line.split(',')[0])).toEqual(['obpNumber', 'C00101']);
  });

  it('answers 400 before streaming when the query is bad', async () => {
    const response = await get('/api/metrics/companies.csv?stage=NOPE');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'INVALID_VALUE' });
  });
});

describe('metrics routes: reviewers only', () => {
  it.each([['/api/metrics'], ['/api/metrics/companies'], ['/api/metrics/companies.csv']])(
    'answers 403 to ADMIN and EXTERNAL and 401 without a token on %s',
    async (url) => {
      for (const role of ['EmvoPortalAdmin', 'EmvoPortalExternal']) {
        expect((await get(url, await t.bearer(role))).statusCode).toBe(403);
      }
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    },
  );
});
