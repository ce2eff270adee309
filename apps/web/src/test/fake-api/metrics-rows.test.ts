import { PASS_RATE_WEEKS } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { medianOf, metricsCompanyRowOf, metricsOf } from './metrics-handlers';

// A Wednesday: its week started on Monday 2 March 2026.
const NOW = new Date('2026-03-04T15:00:00.000Z');
const run = (organisationId: string, environment: 'ITE' | 'IQE' | 'PRD', passed: boolean, at: string) => ({
  organisationId,
  environment,
  result: passed ? ('PASSED' as const) : ('FAILED' as const),
  executedAt: at,
});

describe('medianOf', () => {
  it("takes the middle value or two as PostgreSQL's percentile_cont(0.5), to one decimal", () => {
    expect(medianOf([20, 4, 10])).toBe(10);
    expect(medianOf([1, 2])).toBe(1.5);
    expect(medianOf([])).toBeNull();
  });
});

describe('metricsOf', () => {
  it('computes every figure from the rows', () => {
    const metrics = metricsOf(
      {
        organisations: [
          { id: 'a', stage: 'TECHNICAL_PRD', createdAt: '2026-02-01T00:00:00.000Z' },
          { id: 'b', stage: 'APPROVALS', createdAt: new Date('2026-02-01T00:00:00.000Z') },
        ],
        testRuns: [
          run('a', 'IQE', true, '2026-03-02T08:00:00.000Z'),
          run('a', 'IQE', false, '2026-03-03T08:00:00.000Z'),
          run('a', 'PRD', true, '2026-03-03T08:00:00.000Z'),
        ],
        sessionTokens: [{ status: 'REQUESTED' }, { status: 'ISSUED' }],
        stageEvents: [
          { organisationId: 'a', toStage: 'TECHNICAL_PRD', at: '2026-02-11T00:00:00.000Z' },
          { organisationId: 'a', toStage: 'TECHNICAL_PRD', at: '2026-02-21T00:00:00.000Z' },
        ],
      },
      NOW,
    );
    expect(metrics.companiesPerStage.find((row) => row.stage === 'APPROVALS')?.count).toBe(1);
    expect(metrics.iqePassRate).toHaveLength(PASS_RATE_WEEKS);
    expect(metrics.iqePassRate.at(-1)).toEqual({ weekStart: '2026-03-02', runs: 2, passed: 1, rate: 50 });
    expect(metrics.iqePassRate.at(0)).toMatchObject({ runs: 0, rate: null });
    expect(metrics).toMatchObject({ openTokenRequests: 1, medianDaysToProduction: 10, productionMoves: 1 });
  });
});

describe('metricsCompanyRowOf', () => {
  it("sums up the company's own runs and says which moves a reviewer may make", () => {
    const company = {
      id: 'a',
      obpNumber: 'C1',
      legalName: 'A',
      email: null,
      stage: 'TECHNICAL_IQE' as const,
    };
    const row = metricsCompanyRowOf({ ...company, version: 3 }, [
      run('a', 'IQE', true, '2026-03-02T08:00:00.000Z'),
      run('a', 'IQE', false, '2026-03-03T08:00:00.000Z'),
    ]);
    expect(row).toEqual({
      ...company,
      version: 3,
      lastRunAt: '2026-03-03T08:00:00.000Z',
      passRateIte: null,
      passRateIqe: 50,
      passRatePrd: null,
      allowedMoves: ['MOVE_TO_PRODUCTION'],
    });
  });
});
