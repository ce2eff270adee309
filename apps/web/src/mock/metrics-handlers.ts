import {
  METRICS_COMPANY_CSV_HEADER,
  METRICS_COMPANY_LIST,
  type Metrics,
  type MetricsCompanyRow,
  metricsApi,
  metricsCompanyCsvLine,
  organisationsApi,
  PASS_RATE_WEEKS,
  reviewerStageMoves,
} from '@portal/contracts';
import { allowedStageMoves, moveStage, STAGES, type Stage } from '@portal/domain';
import { runInMemoryList } from '@portal/list-query';
import { type HttpHandler, HttpResponse } from 'msw';
import { MOCK_ORGANISATIONS } from './mock-data';
import { apiError, type MockContext, versionConflict } from './mock-http';
import { mockRoute } from './mock-route';
import { MOCK_REVIEWER } from './review-data';

const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;
const ENVIRONMENTS = ['ITE', 'IQE', 'PRD'] as const;

/** One mock test run (domain.md TestRun), enough for the figures. */
interface MockRun {
  organisationId: string;
  environment: (typeof ENVIRONMENTS)[number];
  passed: boolean;
  executedAt: number;
}

/** A company of the metrics table as stored in memory: its stage, version and registration. */
interface MockCompany {
  id: string;
  obpNumber: string;
  legalName: string;
  email: string | null;
  stage: Stage;
  version: number;
  createdAt: number;
}

export interface MockMetricsState {
  companies: MockCompany[];
  runs: MockRun[];
  /** Days from registration to the first move to production, per company that moved. */
  productionDays: Map<string, number>;
  openTokenRequests: number;
}

const TECHNICAL: readonly Stage[] = ['TECHNICAL_IQE', 'TECHNICAL_PRD', 'MAINTENANCE'];

/**
 * The demo data of the metrics screen, from the mock organisations: runs for the companies in a technical
 * stage (IQE over the last weeks, ITE before; PRD for those past production; every third one failed), one
 * open token request for every other one, and the companies already in production moved 30 to 90 days
 * after registration. Deterministic for a given `now`.
 */
export function createMockMetrics(now: Date = new Date()): MockMetricsState {
  const companies: MockCompany[] = MOCK_ORGANISATIONS.map((org) => ({
    id: org.id,
    obpNumber: org.obpNumber,
    legalName: org.legalName,
    email: org.email,
    stage: org.stage,
    version: org.version,
    createdAt: Date.parse(org.createdAt),
  }));
  const runs: MockRun[] = [];
  const productionDays = new Map<string, number>();
  let openTokenRequests = 0;
  companies.forEach((company, index) => {
    if (!TECHNICAL.includes(company.stage)) return;
    const environments = company.stage === 'TECHNICAL_IQE' ? (['ITE', 'IQE'] as const) : ENVIRONMENTS;
    environments.forEach((environment, e) => {
      for (let n = 0; n < 6; n += 1) {
        runs.push({
          organisationId: company.id,
          environment,
          passed: (index + n + e) % 3 !== 0,
          executedAt: now.getTime() - ((n * 11 + index) % (PASS_RATE_WEEKS * 7)) * DAY_MS - (2 - e) * DAY_MS,
        });
      }
    });
    if (index % 2 === 0) openTokenRequests += 1;
    if (company.stage !== 'TECHNICAL_IQE') productionDays.set(company.id, 30 + ((index * 13) % 60));
  });
  return { companies, runs, productionDays, openTokenRequests };
}

const mondayOf = (time: number) => {
  const day = new Date(time);
  const midnight = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate());
  return midnight - ((new Date(midnight).getUTCDay() + 6) % 7) * DAY_MS;
};

const median = (values: number[]): number | null => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const value =
    sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
  return Math.round(value * 10) / 10;
};

/** GET /api/metrics as the API computes it (apps/api metrics-figures.ts), over the memory's rows. */
export function mockMetrics(state: MockMetricsState, now: Date): Metrics {
  const firstWeek = mondayOf(now.getTime()) - (PASS_RATE_WEEKS - 1) * WEEK_MS;
  const iqePassRate = Array.from({ length: PASS_RATE_WEEKS }, (_, index) => {
    const start = firstWeek + index * WEEK_MS;
    const week = state.runs.filter(
      (run) => run.environment === 'IQE' && run.executedAt >= start && run.executedAt < start + WEEK_MS,
    );
    const passed = week.filter((run) => run.passed).length;
    return {
      weekStart: new Date(start).toISOString().slice(0, 10),
      runs: week.length,
      passed,
      rate: week.length === 0 ? null : Math.round((1000 * passed) / week.length) / 10,
    };
  });
  return {
    companiesPerStage: STAGES.map((stage) => ({
      stage,
      count: state.companies.filter((company) => company.stage === stage).length,
    })),
    iqePassRate,
    openTokenRequests: state.openTokenRequests,
    medianDaysToProduction: median([...state.productionDays.values()]),
    productionMoves: state.productionDays.size,
  };
}

/** One company's row of the table (apps/api metrics-company-list.ts companyRowOf). */
export function mockCompanyRow(state: MockMetricsState, company: MockCompany): MetricsCompanyRow {
  const own = state.runs.filter((run) => run.organisationId === company.id);
  const rate = (environment: MockRun['environment']) => {
    const runs = own.filter((run) => run.environment === environment);
    return runs.length === 0
      ? null
      : Math.round((100 * runs.filter((run) => run.passed).length) / runs.length);
  };
  const last = own.reduce<number | null>(
    (max, run) => (max === null || run.executedAt > max ? run.executedAt : max),
    null,
  );
  return {
    id: company.id,
    obpNumber: company.obpNumber,
    legalName: company.legalName,
    email: company.email,
    stage: company.stage,
    version: company.version,
    lastRunAt: last === null ? null : new Date(last).toISOString(),
    passRateIte: rate('ITE'),
    passRateIqe: rate('IQE'),
    passRatePrd: rate('PRD'),
    allowedMoves: reviewerStageMoves(allowedStageMoves(company.stage, 'EMVO')),
  };
}

/** Every row the list query matches, in its order, page after page (the export ignores paging). */
function allMatching(rows: readonly MetricsCompanyRow[], params: URLSearchParams) {
  const found: MetricsCompanyRow[] = [];
  for (let page = 1; ; page += 1) {
    const paged = new URLSearchParams(params);
    paged.set('page', String(page));
    paged.set('limit', String(METRICS_COMPANY_LIST.maxLimit));
    const result = runInMemoryList(rows, paged, METRICS_COMPANY_LIST);
    if (!result.ok) return result;
    found.push(...result.page.items);
    if (found.length >= result.page.total || result.page.items.length === 0)
      return { ok: true as const, rows: found };
  }
}

/** Mock mode's /emvo/tests-status-metrics: the figures, the table, its CSV export and the stage moves. */
export function metricsHandlers(
  context: MockContext,
  options: { now?: () => Date; state?: MockMetricsState } = {},
): HttpHandler[] {
  const now = options.now ?? (() => new Date());
  const state = options.state ?? createMockMetrics(now());
  const rows = () => state.companies.map((company) => mockCompanyRow(state, company));
  return [
    mockRoute(context, metricsApi.figures, async () => mockMetrics(state, now())),
    // Every company; mockRoute runs the list query on them.
    mockRoute(context, metricsApi.companies, async () => rows()),
    mockRoute(context, metricsApi.companiesCsv, async ({ request }) => {
      const matching = allMatching(rows(), new URL(request.url).searchParams);
      if (!matching.ok) return apiError(400, matching.error.code, matching.error.message);
      const body = METRICS_COMPANY_CSV_HEADER + matching.rows.map(metricsCompanyCsvLine).join('');
      const day = now().toISOString().slice(0, 10);
      return new HttpResponse(body, {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="tests-status-${day}.csv"`,
        },
      });
    }),
    mockRoute(context, organisationsApi.stageMove, async ({ params, body }) => {
      const company = state.companies.find((candidate) => candidate.id === params.id);
      if (!company) return apiError(404, 'NOT_FOUND', 'No such organisation');
      if (company.version !== body.version) return versionConflict();
      const at = now();
      const moved = moveStage(company.stage, body.move, {
        role: 'EMVO',
        actor: MOCK_REVIEWER,
        reason: body.reason,
        now: at,
      });
      if (!moved.ok) return apiError(moved.code === 'REASON_REQUIRED' ? 400 : 409, moved.code, moved.message);
      company.stage = moved.next.stage;
      company.version += 1;
      if (moved.next.stage === 'TECHNICAL_PRD' && !state.productionDays.has(company.id)) {
        state.productionDays.set(company.id, (at.getTime() - company.createdAt) / DAY_MS);
      }
      return mockCompanyRow(state, company);
    }),
  ];
}
