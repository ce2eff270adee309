import {
  checkTypeOfQueue,
  QUEUE_SLUGS,
  type QueueSlug,
  type QueueSummary,
  type queueFlagsSchema,
} from '@portal/contracts';
import { type CheckStatus, type CheckType, isAwaitingReview, isCheckOverdue } from '@portal/domain';
import type { z } from 'zod';

/*
 * The reviewers' queues over the store's checks: which checks a queue shows and what waits in each. The
 * API answers both in SQL (review_queue view, migration 0014; the open checks' partial index, migration
 * 0006) by the same rules (packages/domain isAwaitingReview, isCheckOverdue).
 */

/** A check as the queues read it. */
export interface QueuedCheck {
  type: CheckType;
  status: CheckStatus;
  assignee: string | null;
  slaDueAt: Date | string | null;
}

/** Who asks and when: "assigned to me" and "overdue" depend on both. */
export interface QueueCaller {
  /** The caller as the assignee column names them. */
  actor: string;
  now: Date;
}

/**
 * A row of the queue with the caller's flags: a check of the queue's type ever submitted, assigned to the
 * caller when asked, awaiting review past its SLA due date when asked (apps/api reviewQueueQuery).
 */
export const isInQueue = (
  check: QueuedCheck,
  queue: QueueSlug,
  flags: z.output<typeof queueFlagsSchema>,
  caller: QueueCaller,
): boolean =>
  check.type === checkTypeOfQueue(queue) &&
  check.status !== 'NOT_SUBMITTED' &&
  (flags.assignedToMe !== 'true' || check.assignee === caller.actor) &&
  (flags.overdue !== 'true' || isCheckOverdue(check, caller.now));

/** GET /api/review-queues/summary: each queue's open checks, the overdue ones, the caller's. */
export function queueSummaryOf(checks: readonly QueuedCheck[], caller: QueueCaller): QueueSummary {
  const open = checks.filter((check) => isAwaitingReview(check.status));
  return {
    queues: QUEUE_SLUGS.map((queue) => {
      const own = open.filter((check) => check.type === checkTypeOfQueue(queue));
      return {
        queue,
        open: own.length,
        overdue: own.filter((check) => isCheckOverdue(check, caller.now)).length,
        assignedToMe: own.filter((check) => check.assignee === caller.actor).length,
      };
    }),
  };
}
