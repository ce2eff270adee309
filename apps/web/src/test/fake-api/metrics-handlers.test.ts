import { type MetricsCompanyRow, metricsCompanyRowSchema, metricsSchema } from '@portal/contracts';
import type { ListPage } from '@portal/list-query';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mockToken } from '../../mock/mock-accounts';
import { createMockContext } from './handlers';
import { metricsHandlers } from './metrics-handlers';
import type { MockContext } from './mock-http';

/** A Wednesday after the demo world's history (@portal/demo-data EPOCH, 2026-10-01). */
const NOW = new Date('2026-10-07T10:00:00Z');
const ME = 'reviewer@portal.test';
const server = setupServer();
let context: MockContext;
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  context = createMockContext({ delayMs: 0, now: () => NOW });
  server.resetHandlers(...metricsHandlers(context));
});
afterAll(() => server.close());

const AUTH = { authorization: `Bearer ${mockToken('EMVO')}` };

async function call<T = unknown>(path: string, init: RequestInit = {}) {
  const response = await fetch(new URL(path, location.origin), {
    ...init,
    headers: { ...AUTH, ...init.headers },
  });
  const text = await response.text();
  const body = (
    text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text
  ) as T;
  return { status: response.status, body, headers: response.headers };
}

const post = (id: string, payload: object) =>
  call<MetricsCompanyRow & { code?: string }>(`/api/organisations/${id}/stage-moves`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });

describe('mock mode: /emvo/tests-status-metrics (apps/api modules/metrics, over the store)', () => {
  it('answers the figures in the API’s shape, computed from the demo world’s rows', async () => {
    const { status, body } = await call('/api/metrics');
    expect(status).toBe(200);
    const metrics = metricsSchema.parse(body);
    const { db } = context;
    expect(metrics.companiesPerStage.find((entry) => entry.stage === 'TECHNICAL_IQE')?.count).toBe(
      db.organisations.filter((row) => row.stage === 'TECHNICAL_IQE').length,
    );
    expect(metrics.companiesPerStage.reduce((sum, entry) => sum + entry.count, 0)).toBe(
      db.organisations.length,
    );
    expect(metrics.iqePassRate).toHaveLength(12);
    expect(metrics.iqePassRate.at(-1)?.weekStart).toBe('2026-10-05');
    const weeks = metrics.iqePassRate.filter((week) => week.runs > 0);
    expect(weeks.length).toBeGreaterThan(0);
    for (const week of weeks) expect(week.rate).toBe(Math.round((1000 * week.passed) / week.runs) / 10);
    expect(metrics.openTokenRequests).toBe(
      db.sessionTokens.filter((row) => row.status === 'REQUESTED').length,
    );
    // Every company in production or maintenance moved to production once.
    const moved = db.organisations.filter((row) => ['TECHNICAL_PRD', 'MAINTENANCE'].includes(row.stage));
    expect(metrics.productionMoves).toBe(moved.length);
    expect(metrics.medianDaysToProduction).toBeGreaterThan(0);
  });

  it('answers the table with the list language, each row’s pass rates from its runs', async () => {
    const { body } = await call<ListPage<MetricsCompanyRow>>(
      '/api/metrics/companies?stage=TECHNICAL_IQE&order=obpNumber',
    );
    expect(body.items.length).toBeGreaterThan(0);
    for (const row of body.items) {
      metricsCompanyRowSchema.parse(row);
      expect(row).toMatchObject({
        stage: 'TECHNICAL_IQE',
        allowedMoves: ['MOVE_TO_PRODUCTION'],
        passRatePrd: null,
      });
      const runs = context.db.testRuns.filter(
        (run) => run.organisationId === row.id && run.environment === 'IQE',
      );
      const passed = runs.filter((run) => run.result === 'PASSED').length;
      expect(row.passRateIqe).toBe(Math.round((100 * passed) / runs.length));
    }
    const unknown = await call<{ code: string }>('/api/metrics/companies?country=BE');
    expect(unknown).toMatchObject({ status: 400, body: { code: 'UNKNOWN_FIELD' } });
  });

  it('exports every matching row as CSV, past one page, with the filters applied', async () => {
    const { status, body, headers } = await call<string>('/api/metrics/companies.csv?order=-obpNumber');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(headers.get('content-disposition')).toContain('tests-status-2026-10-07.csv');
    const lines = body.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('obpNumber,legalName,email,stage,lastRunAt,passRateIte,passRateIqe,passRatePrd');
    expect(lines).toHaveLength(1 + context.db.organisations.length);
    expect(lines[1]?.startsWith('C00148,')).toBe(true);
    const filtered = await call<string>('/api/metrics/companies.csv?stage=MAINTENANCE');
    const rows = filtered.body.split('\r\n').filter(Boolean).slice(1);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((line) => line.includes(',MAINTENANCE,'))).toBe(true);
  });

  it('moves a company by packages/domain’s rules, at its version: the row, its stage event, the audit, the figures', async () => {
    const { body } = await call<ListPage<MetricsCompanyRow>>('/api/metrics/companies?stage=TECHNICAL_IQE');
    const row = body.items[0];
    if (!row) throw new Error('no company in TECHNICAL_IQE');
    const moves = (await call<{ productionMoves: number }>('/api/metrics')).body.productionMoves;
    expect(await post(row.id, { move: 'MOVE_TO_PRODUCTION', version: row.version })).toMatchObject({
      status: 200,
      body: { stage: 'TECHNICAL_PRD', version: row.version + 1, allowedMoves: ['MOVE_TO_MAINTENANCE'] },
    });
    expect(context.db.organisations.find((item) => item.id === row.id)).toMatchObject({
      stage: 'TECHNICAL_PRD',
      updatedBy: ME,
    });
    expect(context.db.stageEvents.at(-1)).toMatchObject({
      organisationId: row.id,
      move: 'MOVE_TO_PRODUCTION',
      fromStage: 'TECHNICAL_IQE',
      toStage: 'TECHNICAL_PRD',
      actor: ME,
      at: NOW.toISOString(),
    });
    expect(context.db.auditLog).toEqual([
      expect.objectContaining({
        action: 'MOVE_TO_PRODUCTION',
        entityId: row.id,
        diff: { stage: { from: 'TECHNICAL_IQE', to: 'TECHNICAL_PRD' } },
      }),
    ]);
    expect((await call<{ productionMoves: number }>('/api/metrics')).body.productionMoves).toBe(moves + 1);
    expect(await post(row.id, { move: 'MOVE_TO_MAINTENANCE', version: row.version })).toMatchObject({
      status: 409,
      body: { code: 'VERSION_CONFLICT' },
    });
    expect(await post(row.id, { move: 'MOVE_TO_PRODUCTION', version: row.version + 1 })).toMatchObject({
      status: 409,
      body: { code: 'ACTION_NOT_ALLOWED' },
    });
    expect(
      (await post('00000000-0000-4000-8000-000000009999', { move: 'MOVE_TO_PRODUCTION', version: 1 })).status,
    ).toBe(404);
  });
});
