import { type Metrics, PASS_RATE_WEEKS } from '@portal/contracts';
import { STAGES, type Stage } from '@portal/domain';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.js';

const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;

/** The Monday 00:00 UTC that starts the week of `now` (weeks as PostgreSQL's date_trunc('week') counts them). */
export function weekStartOf(now: Date): Date {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - sinceMonday * DAY_MS);
}

/** Counts per stage, every stage in domain order (0 when none is in it). */
async function companiesPerStage(db: Kysely<DB>): Promise<Metrics['companiesPerStage']> {
  // An index-only count over organisations_stage_idx.
  const { rows } = await sql<{ stage: Stage; count: number }>`
    select stage, count(*)::int as count from organisations group by stage`.execute(db);
  const counts = new Map(rows.map((row) => [row.stage, Number(row.count)]));
  return STAGES.map((stage) => ({ stage, count: counts.get(stage) ?? 0 }));
}

/**
 * The IQE runs of each of the last PASS_RATE_WEEKS weeks, counted in SQL: one range of
 * test_runs_environment_executed_idx (migration 0010) per week, read from the index alone (the result is
 * in it). bench/metrics: a week per lateral range count is several times faster than grouping every run
 * by date_trunc('week'), which evaluates the expression on each of them. Weeks without runs come back with
 * 0 runs and a null rate.
 */
async function iqePassRate(db: Kysely<DB>, now: Date): Promise<Metrics['iqePassRate']> {
  const thisWeek = weekStartOf(now);
  const firstWeek = new Date(thisWeek.getTime() - (PASS_RATE_WEEKS - 1) * WEEK_MS);
  const { rows } = await sql<{ weekStart: string; runs: number; passed: number }>`
    select to_char(week.start at time zone 'UTC', 'YYYY-MM-DD') as week_start, counted.runs, counted.passed
      from generate_series(${firstWeek}::timestamptz, ${thisWeek}::timestamptz, interval '1 week') as week (start)
     cross join lateral (
       select count(*)::int as runs, (count(*) filter (where result = 'PASSED'))::int as passed
         from test_runs
        where environment = 'IQE' and executed_at >= week.start and executed_at < week.start + interval '1 week'
     ) as counted
     order by week.start`.execute(db);
  return rows.map((week) => {
    const runs = Number(week.runs);
    const passed = Number(week.passed);
    return {
      weekStart: week.weekStart,
      runs,
      passed,
      rate: runs === 0 ? null : Math.round((1000 * passed) / runs) / 10,
    };
  });
}

/**
 * Open token requests, and the median days from registration (the organisation's creation, when the
 * registration was confirmed) to its first move to TECHNICAL_PRD. Issue 24 item 1: each company's first
 * move is on its own row (migration 0018 days_to_production, kept current by a trigger on stage_events),
 * so the median reads the middle one or two entries of a partial index instead of grouping every stage
 * event (percentile_cont(0.5): the middle value, or the mean of the two middle ones).
 */
async function scalars(db: Kysely<DB>) {
  const { rows } = await sql<{ openTokenRequests: number; median: number | null; moves: number }>`
    with moved as (select count(*)::int as n from organisations where days_to_production is not null)
    select
      (select count(*)::int from session_tokens where status = 'REQUESTED') as open_token_requests,
      (select avg(middle.days)::float8 from (
         select days_to_production as days from organisations
          where days_to_production is not null
          order by days_to_production
         offset (select (n - 1) / 2 from moved) limit (select 2 - n % 2 from moved)
       ) as middle) as median,
      (select n from moved) as moves`.execute(db);
  const row = rows[0];
  const median = row?.median ?? null;
  return {
    openTokenRequests: Number(row?.openTokenRequests ?? 0),
    medianDaysToProduction: median === null ? null : Math.round(Number(median) * 10) / 10,
    productionMoves: Number(row?.moves ?? 0),
  };
}

/** GET /api/metrics: the figures of /emvo/tests-status-metrics, as of `now`. */
export async function loadMetrics(db: Kysely<DB>, now = new Date()): Promise<Metrics> {
  const [stages, passRate, figures] = await Promise.all([
    companiesPerStage(db),
    iqePassRate(db, now),
    scalars(db),
  ]);
  return { companiesPerStage: stages, iqePassRate: passRate, ...figures };
}
