import {
  METRICS_COMPANY_CSV_HEADER,
  METRICS_COMPANY_LIST,
  type MetricsCompanyRow,
  metricsApi,
  metricsCompanyCsvLine,
  metricsCompanyRowSchema,
  organisationsApi,
  PASS_RATE_WEEKS,
  reviewerStageMoves,
} from '@portal/contracts';
import type { OrganisationRow, TestRunRow } from '@portal/demo-data';
import { allowedStageMoves, moveStage, refusalStatus, STAGES } from '@portal/domain';
import { runInMemoryList } from '@portal/list-query';
import { type HttpHandler, HttpResponse } from 'msw';
import { actorOf } from './audit-trail';
import { touchOrganisation } from './check-transition';
import { apiError, type MockContext, versionConflict } from './mock-http';
import { mockRoute } from './mock-route';

/*
 * Mock mode's /emvo/tests-status-metrics (apps/api modules/metrics): the figures and the per-company table
 * computed over db.organisations, db.testRuns, db.sessionTokens and db.stageEvents as the API's SQL
 * computes them, the table's CSV export, and a reviewer's stage moves.
 */

const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;

/** The Monday 00:00 UTC that starts the week of `time` (apps/api metrics-figures.ts weekStartOf). */
const mondayOf = (time: number) => {
  const midnight = time - (time % DAY_MS);
  return midnight - ((new Date(midnight).getUTCDay() + 6) % 7) * DAY_MS;
};

/** PostgreSQL's percentile_cont(0.5), to one decimal; null without values. */
const median = (values: number[]): number | null => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = (sorted.length - 1) / 2;
  const value = ((sorted[Math.floor(middle)] ?? 0) + (sorted[Math.ceil(middle)] ?? 0)) / 2;
  return Math.round(value * 10) / 10;
};

/** A percentage of the runs that passed (`digits` decimals), null without runs. */
const passRate = (runs: readonly TestRunRow[], digits = 0) => {
  if (runs.length === 0) return null;
  const scale = 10 ** digits;
  return (
    Math.round((100 * scale * runs.filter((run) => run.result === 'PASSED').length) / runs.length) / scale
  );
};

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

  /** apps/api metrics-companies-list.ts: the company, its test runs summed up, what a reviewer may move. */
  const rowOf = (organisation: OrganisationRow): MetricsCompanyRow => {
    const runs = db.testRuns.filter((run) => run.organisationId === organisation.id);
    const rate = (environment: TestRunRow['environment']) =>
      passRate(runs.filter((run) => run.environment === environment));
    return metricsCompanyRowSchema.parse({
      ...organisation,
      lastRunAt:
        runs
          .map((run) => run.executedAt)
          .sort()
          .at(-1) ?? null,
      passRateIte: rate('ITE'),
      passRateIqe: rate('IQE'),
      passRatePrd: rate('PRD'),
      allowedMoves: reviewerStageMoves(allowedStageMoves(organisation.stage, 'EMVO')),
    });
  };

  /** Days from registration (the organisation's creation) to each company's first move to production. */
  const daysToProduction = () => {
    const firstMove = new Map<string, string>();
    for (const event of db.stageEvents) {
      const seen = firstMove.get(event.organisationId);
      if (event.toStage === 'TECHNICAL_PRD' && (!seen || event.at < seen))
        firstMove.set(event.organisationId, event.at);
    }
    return [...firstMove].flatMap(([id, at]) => {
      const organisation = db.organisations.find((row) => row.id === id);
      return organisation ? [(Date.parse(at) - Date.parse(organisation.createdAt)) / DAY_MS] : [];
    });
  };

  return [
    // apps/api metrics-figures.ts loadMetrics.
    mockRoute(context, metricsApi.figures, async () => {
      const firstWeek = mondayOf(context.now().getTime()) - (PASS_RATE_WEEKS - 1) * WEEK_MS;
      const days = daysToProduction();
      return {
        companiesPerStage: STAGES.map((stage) => ({
          stage,
          count: db.organisations.filter((row) => row.stage === stage).length,
        })),
        iqePassRate: Array.from({ length: PASS_RATE_WEEKS }, (_, index) => {
          const start = firstWeek + index * WEEK_MS;
          const week = db.testRuns.filter((run) => {
            const at = Date.parse(run.executedAt);
            return run.environment === 'IQE' && at >= start && at < start + WEEK_MS;
          });
          const passed = week.filter((run) => run.result === 'PASSED').length;
          const weekStart = new Date(start).toISOString().slice(0, 10);
          return { weekStart, runs: week.length, passed, rate: passRate(week, 1) };
        }),
        openTokenRequests: db.sessionTokens.filter((token) => token.status === 'REQUESTED').length,
        medianDaysToProduction: median(days),
        productionMoves: days.length,
      };
    }),

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

    // apps/api stage-move.ts: at the reviewer's version, by packages/domain moveStage's rules.
    mockRoute(context, organisationsApi.stageMove, async ({ params, body, request }) => {
      const organisation = db.organisations.find((row) => row.id === params.id);
      if (!organisation) return apiError(404, 'NOT_FOUND', 'No such organisation');
      if (organisation.version !== body.version) return versionConflict();
      const moved = moveStage(organisation.stage, body.move, {
        role: 'EMVO',
        actor: actorOf(context, request),
        reason: body.reason,
        now: context.now(),
      });
      if (!moved.ok) return apiError(refusalStatus(moved.code), moved.code, moved.message);
      // The new stage (version + 1, the audit row named after the move) and its stage event.
      const { move, from, to, actor, role, comment, at } = moved.event;
      touchOrganisation(
        context,
        request,
        organisation,
        { stage: to },
        {
          action: move,
          entity: 'organisation',
          entityId: organisation.id,
          diff: { stage: { from, to }, ...(comment ? { reason: comment } : {}) },
        },
      );
      const event = { move, fromStage: from, toStage: to, actor, role, comment, at: at.toISOString() };
      db.stageEvents.push({ id: context.newId(), organisationId: organisation.id, ...event });
      return rowOf(organisation);
    }),
  ];
}
