import { type MetricsCompanyRow, metricsCompanyRowSchema, metricsSchema } from '@portal/contracts';
import type { ListPage } from '@portal/list-query';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMockMetrics, metricsHandlers } from './metrics-handlers';

const NOW = new Date('2026-06-17T10:00:00Z');
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() =>
  server.resetHandlers(...metricsHandlers({ delayMs: 0, newId: () => 'unused' }, { now: () => NOW })),
);
afterAll(() => server.close());

const AUTH = { authorization: 'Bearer mock-token' };

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

describe('mock mode: /emvo/tests-status-metrics (apps/api modules/metrics)', () => {
  it('answers the figures in the API’s shape, consistent with the demo data', async () => {
    const { status, body } = await call('/api/metrics');
    expect(status).toBe(200);
    const metrics = metricsSchema.parse(body);
    const state = createMockMetrics(NOW);
    expect(metrics.companiesPerStage.reduce((sum, entry) => sum + entry.count, 0)).toBe(
      state.companies.length,
    );
    expect(metrics.iqePassRate).toHaveLength(12);
    expect(metrics.iqePassRate.at(-1)?.weekStart).toBe('2026-06-15');
    expect(metrics.iqePassRate.some((week) => week.runs > 0)).toBe(true);
    expect(metrics.openTokenRequests).toBe(state.openTokenRequests);
    expect(metrics.productionMoves).toBe(state.productionDays.size);
  });

  it('answers the table with the list language, as the API does', async () => {
    const { body } = await call<ListPage<MetricsCompanyRow>>(
      '/api/metrics/companies?stage=TECHNICAL_IQE&order=obpNumber',
    );
    expect(body.items.length).toBeGreaterThan(0);
    for (const row of body.items) {
      metricsCompanyRowSchema.parse(row);
      expect(row.stage).toBe('TECHNICAL_IQE');
      expect(row.allowedMoves).toEqual(['MOVE_TO_PRODUCTION']);
    }
    const unknown = await call<{ code: string }>('/api/metrics/companies?country=BE');
    expect(unknown).toMatchObject({ status: 400, body: { code: 'UNKNOWN_FIELD' } });
  });

  it('exports every matching row as CSV, past one page, with the filters applied', async () => {
    const { status, body, headers } = await call<string>('/api/metrics/companies.csv?order=-obpNumber');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const lines = body.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('obpNumber,legalName,email,stage,lastRunAt,passRateIte,passRateIqe,passRatePrd');
    expect(lines).toHaveLength(1 + createMockMetrics(NOW).companies.length);
    expect(lines[1]?.startsWith('C00064,')).toBe(true);
    const filtered = await call<string>('/api/metrics/companies.csv?stage=MAINTENANCE');
    expect(
      filtered.body
        .split('\r\n')
        .filter(Boolean)
        .slice(1)
        .every((line) => line.includes(',MAINTENANCE,')),
    ).toBe(true);
  });

  it('moves a company by packages/domain’s rules, at its version', async () => {
    const { body } = await call<ListPage<MetricsCompanyRow>>('/api/metrics/companies?stage=TECHNICAL_IQE');
    const row = body.items[0];
    if (!row) throw new Error('no company in TECHNICAL_IQE');
    const moved = await post(row.id, { move: 'MOVE_TO_PRODUCTION', version: row.version });
    expect(moved).toMatchObject({
      status: 200,
      body: { stage: 'TECHNICAL_PRD', version: row.version + 1, allowedMoves: ['MOVE_TO_MAINTENANCE'] },
    });
    expect(await post(row.id, { move: 'MOVE_TO_MAINTENANCE', version: row.version })).toMatchObject({
      status: 409,
      body: { code: 'VERSION_CONFLICT' },
    });
    expect(await post(row.id, { move: 'MOVE_TO_PRODUCTION', version: row.version + 1 })).toMatchObject({
      status: 409,
      body: { code: 'ACTION_NOT_ALLOWED' },
    });
  });
});
