import { QUEUE_SLUGS, type QueueSummary, queueOfCheckType } from '@portal/contracts';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.js';
import { AWAITING_REVIEW } from './review-dates.js';

/**
 * GET /api/review-queues/summary: what waits in each queue, in one query over the open checks only
 * (submitted or in review), which the partial index of migration 0006 holds, so it reads neither the
 * decided checks nor the organisations.
 */
export async function queueSummary(
  db: Kysely<DB>,
  context: { actor: string; now: Date },
): Promise<QueueSummary> {
  const rows = await db
    .selectFrom('checks')
    .select([
      'type',
      sql<number>`count(*)::int`.as('open'),
      sql<number>`(count(*) filter (where sla_due_at < ${context.now}))::int`.as('overdue'),
      sql<number>`(count(*) filter (where assignee = ${context.actor}))::int`.as('assignedToMe'),
    ])
    // Literal statuses, so that the planner matches the partial index's predicate even in a generic plan.
    .where(
      'status',
      'in',
      AWAITING_REVIEW.map((status) => sql.lit(status)),
    )
    .groupBy('type')
    .execute();
  const byQueue = new Map(rows.map((row) => [queueOfCheckType(row.type), row]));
  return {
    queues: QUEUE_SLUGS.map((queue) => {
      const row = byQueue.get(queue);
      return {
        queue,
        open: Number(row?.open ?? 0),
        overdue: Number(row?.overdue ?? 0),
        assignedToMe: Number(row?.assignedToMe ?? 0),
      };
    }),
  };
}
