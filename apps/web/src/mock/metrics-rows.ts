import {
  type Metrics,
  type MetricsCompanyRow,
  PASS_RATE_WEEKS,
  percentOf,
  reviewerMovesFrom,
  toTenth,
  weekStartOf,
} from '@portal/contracts';
import { dateOf, iso, STAGES, type Stage, type TestResult, type TestRunEnvironment } from '@portal/domain';

/*
 * GET /api/metrics's figures and the per-company table's rows from the store's rows. The API computes them
 * in SQL over its counters; both take the week start, rounding and moves from contracts metrics-figures.ts.
 */

const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;

/** PostgreSQL's percentile_cont(0.5): the middle one or two values, to one decimal; null without values. */
export function medianOf(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = (sorted.length - 1) / 2;
  return toTenth(((sorted[Math.floor(middle)] ?? 0) + (sorted[Math.ceil(middle)] ?? 0)) / 2);
}

type Stamp = Date | string;
/** A test run as the figures read it. */
export interface RunFacts {
  organisationId: string;
  environment: TestRunEnvironment;
  result: TestResult;
  executedAt: Stamp;
}
/** The rows the figures are computed from, named as the database's tables. */
export interface MetricsRows {
  organisations: ReadonlyArray<{ id: string; stage: Stage; createdAt: Stamp }>;
  testRuns: readonly RunFacts[];
  sessionTokens: ReadonlyArray<{ status: string }>;
  stageEvents: ReadonlyArray<{ organisationId: string; toStage: Stage; at: Stamp }>;
}

/** Days from registration (the organisation's creation) to each company's first move to production. */
function daysToProduction(rows: MetricsRows): number[] {
  const firstMove = new Map<string, number>();
  for (const event of rows.stageEvents) {
    const at = dateOf(event.at).getTime();
    const seen = firstMove.get(event.organisationId);
    if (event.toStage === 'TECHNICAL_PRD' && (seen === undefined || at < seen))
      firstMove.set(event.organisationId, at);
  }
  return rows.organisations.flatMap((organisation) => {
    const at = firstMove.get(organisation.id);
    return at === undefined ? [] : [(at - dateOf(organisation.createdAt).getTime()) / DAY_MS];
  });
}

/** GET /api/metrics's figures as of `now`, from the rows themselves. */
export function metricsOf(rows: MetricsRows, now: Date): Metrics {
  const firstWeek = weekStartOf(now).getTime() - (PASS_RATE_WEEKS - 1) * WEEK_MS;
  const iqeRuns = rows.testRuns.filter((run) => run.environment === 'IQE');
  const days = daysToProduction(rows);
  return {
    companiesPerStage: STAGES.map((stage) => ({
      stage,
      count: rows.organisations.filter((row) => row.stage === stage).length,
    })),
    iqePassRate: Array.from({ length: PASS_RATE_WEEKS }, (_, index) => {
      const start = firstWeek + index * WEEK_MS;
      const week = iqeRuns.filter((run) => {
        const at = dateOf(run.executedAt).getTime();
        return at >= start && at < start + WEEK_MS;
      });
      const passed = week.filter((run) => run.result === 'PASSED').length;
      const weekStart = new Date(start).toISOString().slice(0, 10);
      return { weekStart, runs: week.length, passed, rate: percentOf(passed, week.length, 1) };
    }),
    openTokenRequests: rows.sessionTokens.filter((token) => token.status === 'REQUESTED').length,
    medianDaysToProduction: medianOf(days),
    productionMoves: days.length,
  };
}

/** The per-company table's row from the company and its own test runs (migration 0018's summary columns). */
export function metricsCompanyRowOf(
  organisation: Pick<MetricsCompanyRow, 'id' | 'obpNumber' | 'legalName' | 'email' | 'stage' | 'version'>,
  runs: readonly RunFacts[],
): MetricsCompanyRow {
  const { id, obpNumber, legalName, email, stage, version } = organisation;
  const rate = (environment: TestRunEnvironment) => {
    const own = runs.filter((run) => run.environment === environment);
    return percentOf(own.filter((run) => run.result === 'PASSED').length, own.length);
  };
  const times = runs.map((run) => dateOf(run.executedAt).getTime());
  return {
    ...{ id, obpNumber, legalName, email, stage, version },
    lastRunAt: times.length === 0 ? null : iso(new Date(Math.max(...times))),
    passRateIte: rate('ITE'),
    passRateIqe: rate('IQE'),
    passRatePrd: rate('PRD'),
    allowedMoves: reviewerMovesFrom(stage),
  };
}
