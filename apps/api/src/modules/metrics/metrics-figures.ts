import { type Metrics, PASS_RATE_WEEKS, percentOf, toTenth, weekStartOf } from '@portal/contracts';
import { STAGES, type Stage } from '@portal/domain';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.js';

const WEEK_MS = 7 * 86_400_000;
/** A UTC day as PostgreSQL reads a date. */
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** Counts per stage, every stage in domain order (0 when none is in it): migration 0019's counters. */
async function companiesPerStage(db: Kysely<DB>): Promise<Metrics['companiesPerStage']> {
  const { rows } = await sql<{ stage: Stage; companies: number }>`
    select stage, companies from stage_counts`.execute(db);
  const counts = new Map(rows.map((row) => [row.stage, Number(row.companies)]));
  return STAGES.map((stage) => ({ stage, count: counts.get(stage) ?? 0 }));
}

/**
 * The IQE runs of each of the last PASS_RATE_WEEKS weeks (Monday to Sunday, UTC), summed from migration
 * 0019's runs per day: seven rows a week, whatever the number of runs. Weeks without runs come back with
 * 0 runs and a null rate. The week start and rounding are contracts metrics-figures.ts's.
 */
async function iqePassRate(db: Kysely<DB>, now: Date): Promise<Metrics['iqePassRate']> {
  const thisWeek = weekStartOf(now);
  const firstWeek = new Date(thisWeek.getTime() - (PASS_RATE_WEEKS - 1) * WEEK_MS);
  const { rows } = await sql<{ weekStart: string; runs: number; passed: number }>`
    select to_char(week.start, 'YYYY-MM-DD') as week_start,
           coalesce(sum(days.runs), 0)::int as runs, coalesce(sum(days.passed), 0)::int as passed
      from generate_series(${dayOf(firstWeek)}::date, ${dayOf(thisWeek)}::date, interval '1 week') as week (start)
      left join test_run_days as days
        on days.environment = 'IQE' and days.day >= week.start and days.day < week.start + interval '1 week'
     group by week.start
     order by week.start`.execute(db);
  return rows.map((week) => {
    const runs = Number(week.runs);
    const passed = Number(week.passed);
    return {
      weekStart: week.weekStart,
      runs,
      passed,
      rate: percentOf(passed, runs, 1),
    };
  });
}

/**
 * Open token requests, and the median days from registration (the organisation's creation, when the
 * registration was confirmed) to its first move to TECHNICAL_PRD. Read from migration
 * 0019's companies per tenth of a day (kept current by the statements that move a company), the middle
 * one or two of n as percentile_cont(0.5) takes them (0-based positions (n - 1) / 2 and n / 2), to the
 * tenth of a day the figure shows.
 */
async function scalars(db: Kysely<DB>) {
  const { rows } = await sql<{ openTokenRequests: number; median: number | null; moves: number }>`
    with buckets as (
      select tenths, sum(companies) over (order by tenths) as up_to from production_days where companies > 0
    ), moved as (select coalesce(sum(companies), 0)::int as n from production_days)
    select
      (select count(*)::int from session_tokens where status = 'REQUESTED') as open_token_requests,
      (select (low.tenths + high.tenths) / 20.0
         from (select tenths from buckets where up_to > (select (n - 1) / 2 from moved) order by tenths limit 1) as low,
              (select tenths from buckets where up_to > (select n / 2 from moved) order by tenths limit 1) as high
      )::float8 as median,
      (select n from moved) as moves`.execute(db);
  const row = rows[0];
  const median = row?.median ?? null;
  return {
    openTokenRequests: Number(row?.openTokenRequests ?? 0),
    medianDaysToProduction: median === null ? null : toTenth(Number(median)),
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
