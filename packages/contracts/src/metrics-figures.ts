import { allowedStageMoves, type Stage } from '@portal/domain';
import { reviewerStageMoves } from './metrics.js';

/*
 * What the figures of /emvo/tests-status-metrics agree on: the week start, the rounding and the moves. The
 * API computes the figures in SQL over its counters (migrations 0018 and 0019: a million companies never
 * load one by one) and reads these for what SQL does not say.
 */

const DAY_MS = 86_400_000;

/** The Monday 00:00 UTC that starts the week of `now` (weeks as PostgreSQL's date_trunc('week') counts them). */
export function weekStartOf(now: Date): Date {
  const day = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(day - ((new Date(day).getUTCDay() + 6) % 7) * DAY_MS);
}

/** `passed` of `runs` as a percentage to `digits` decimals, null without runs (round() in the API's SQL). */
export function percentOf(passed: number, runs: number, digits = 0): number | null {
  if (runs === 0) return null;
  const scale = 10 ** digits;
  return Math.round((100 * scale * passed) / runs) / scale;
}

/** A figure to the tenth the screen shows it at. */
export const toTenth = (value: number): number => Math.round(value * 10) / 10;

/** What a reviewer may move a company of this stage to, from the table (domain allowedStageMoves). */
export const reviewerMovesFrom = (stage: Stage) => reviewerStageMoves(allowedStageMoves(stage, 'EMVO'));
