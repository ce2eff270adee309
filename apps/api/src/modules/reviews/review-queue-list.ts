import { checkTypeOfQueue, type QueueSlug, REVIEW_QUEUE_LIST, type ReviewQueueRow } from '@portal/contracts';
import { type CheckType, isCheckOverdue, iso } from '@portal/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { ListRequest } from '../../http/list-request.js';
import { type ListPage, runList } from '../../list/list-sql.js';
import { AWAITING_REVIEW } from './review-dates.js';

/** reviews.ts QUEUE_FLAGS: the queue's filters outside the list language, which depend on who asks and when. */
export interface QueueFlags {
  /** The caller is the assignee. */
  assignedToMe: boolean;
  /** Awaiting review past its SLA due date. */
  overdue: boolean;
}

export interface QueueContext {
  /** The caller as the assignee column names them (http/caller.ts actorOf). */
  actor: string;
  /** The time "overdue" is measured at, for the filter and the rows alike. */
  now: Date;
}

/**
 * The rows of one queue before the list's filters and order: the view review_queue (migration 0014: the
 * checks ever submitted, with their organisation's columns, each named as REVIEW_QUEUE_LIST's field) for
 * one check type, and the caller's flags.
 */
export function reviewQueueQuery(db: Kysely<DB>, type: CheckType, flags: QueueFlags, context: QueueContext) {
  let query = db
    .selectFrom('reviewQueue')
    .select([
      'id',
      'organisationId',
      'obpNumber',
      'legalName',
      'orgType',
      'country',
      'email',
      'mahCount',
      'submittedAt',
      'slaDueAt',
      'attempt',
      'status',
      'assignee',
      'version',
    ])
    .where('type', '=', type);
  if (flags.assignedToMe) query = query.where('assignee', '=', context.actor);
  if (flags.overdue) {
    query = query.where('status', 'in', AWAITING_REVIEW).where('slaDueAt', '<', context.now);
  }
  return query;
}

/** GET /api/review-queues/{queue}: a page of the queue, each row's overdue as of `context.now`. */
export async function listReviewQueue(
  db: Kysely<DB>,
  queue: QueueSlug,
  request: ListRequest,
  flags: QueueFlags,
  context: QueueContext,
): Promise<ListPage<ReviewQueueRow>> {
  const query = reviewQueueQuery(db, checkTypeOfQueue(queue), flags, context);
  const page = await runList(db, query, request, REVIEW_QUEUE_LIST);
  return {
    ...page,
    items: page.items.map((row) => ({
      ...row,
      submittedAt: iso(row.submittedAt),
      slaDueAt: iso(row.slaDueAt),
      overdue: isCheckOverdue(row, context.now),
    })),
  };
}
