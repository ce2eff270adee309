import {
  METRICS_COMPANY_CSV_HEADER,
  METRICS_COMPANY_LIST,
  type Metrics,
  type MetricsCompanyRow,
  metricsApi,
  metricsCompanyCsvLine,
  organisationsApi,
  PASS_RATE_WEEKS,
  percentOf,
  reviewerMovesFrom,
  toTenth,
  weekStartOf,
} from '@portal/contracts';
import type { OrganisationRow } from '@portal/demo-data';
import {
  dateOf,
  iso,
  isoDates,
  moveStage,
  STAGES,
  type Stage,
  stageMoveWrites,
  type TestResult,
  type TestRunEnvironment,
} from '@portal/domain';
import { runInMemoryList } from '@portal/list-query';
import { type HttpHandler, HttpResponse } from 'msw';
import { actorOf, apiError, failed, type MockContext, mockRoute } from './mock-http';
import { answerWith, tableOf } from './mock-resource';

/*
 * Mock mode's /emvo/tests-status-metrics (apps/api modules/metrics): the figures and the per-company table
 * computed over db.organisations, db.testRuns, db.sessionTokens and db.stageEvents by metricsOf and
 * metricsCompanyRowOf (what the API computes in SQL over its counters; both take the week start, rounding
 * and moves from contracts metrics-figures.ts), the table's CSV export, and a reviewer's stage moves.
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
  const moves = rows.stageEvents.filter((event) => event.toStage === 'TECHNICAL_PRD');
  return rows.organisations.flatMap((organisation) => {
    const times = moves.flatMap((move) =>
      move.organisationId === organisation.id ? [dateOf(move.at).getTime()] : [],
    );
    if (times.length === 0) return [];
    return [(Math.min(...times) - dateOf(organisation.createdAt).getTime()) / DAY_MS];
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

/** Every row the list query matches, in its order: the export ignores paging, so one page holds them all. */
function allMatching(rows: readonly MetricsCompanyRow[], search: URLSearchParams) {
  const limit = Math.max(rows.length, 1);
  const params = new URLSearchParams(search);
  params.set('page', '1');
  params.set('limit', String(limit));
  return runInMemoryList(rows, params, { ...METRICS_COMPANY_LIST, maxLimit: limit });
}

export function metricsHandlers(context: MockContext): HttpHandler[] {
  const { db } = context;
  const rowOf = (organisation: OrganisationRow): MetricsCompanyRow =>
    metricsCompanyRowOf(
      organisation,
      db.testRuns.filter((run) => run.organisationId === organisation.id),
    );
  const answer = answerWith(rowOf);
  // The API's message for an unknown organisation (apps/api stage-move.ts).
  const organisations = tableOf(context, 'organisations', 'organisation', {
    missing: () => 'No such organisation',
  });

  return [
    mockRoute(context, metricsApi.figures, async () => metricsOf(db, context.now())),

    mockRoute(context, metricsApi.companies, async () => db.organisations.map(rowOf)),

    mockRoute(context, metricsApi.companiesCsv, async ({ request }) => {
      const matching = allMatching(db.organisations.map(rowOf), new URL(request.url).searchParams);
      if (!matching.ok) return apiError(400, matching.error.code, matching.error.message);
      const body = METRICS_COMPANY_CSV_HEADER + matching.page.items.map(metricsCompanyCsvLine).join('');
      const day = context.now().toISOString().slice(0, 10);
      return new HttpResponse(body, {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="tests-status-${day}.csv"`,
        },
      });
    }),

    // apps/api stage-move.ts: at the reviewer's version, by packages/domain moveStage's rules, writing what
    // stageMoveWrites says (the new stage, version + 1, the audit row named after the move, the stage event).
    mockRoute(context, organisationsApi.stageMove, async ({ params, body, request }) => {
      const move = (organisation: OrganisationRow) => {
        const rules = {
          role: 'EMVO',
          actor: actorOf(context, request),
          reason: body.reason,
          now: context.now(),
        } as const;
        const moved = moveStage(organisation.stage, body.move, rules);
        if (!moved.ok) return failed(moved);
        const { event, audit } = stageMoveWrites(moved.event);
        db.stageEvents.push({ id: context.newId(), organisationId: organisation.id, ...isoDates(event) });
        return { changes: moved.next, action: audit.action, diff: audit.diff };
      };
      return answer(organisations.update(request, params.id, body.version, move));
    }),
  ];
}
