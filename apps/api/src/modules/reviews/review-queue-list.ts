import { checkTypeOfQueue, type QueueSlug, REVIEW_QUEUE_LIST, type ReviewQueueRow } from '@portal/contracts';
import type { CheckType } from '@portal/domain';
import type { Kysely, NotNull } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { ListRequest } from '../../list/list-resource.js';
import { type ListPage, runList } from '../../list/list-sql.js';
import { AWAITING_REVIEW, isOverdue, iso } from './review-dates.js';

/** reviews.ts QUEUE_FLAGS: the queue's filters outside the list language, which depend on who asks and when. */
export interface QueueFlags {
  /** The caller is the assignee. */
  assignedToMe: boolean;
  /** Awaiting review past its SLA due date. */
  overdue: boolean;
}

export interface QueueContext {
  /** The caller as the assignee column names them (Reviewer.actor). */
  actor: string;
  /** The time "overdue" is measured at, for the filter and the rows alike. */
  now: Date;
}

/**
 * The rows of one queue before the list's filters and order: checks of the type with their
 * organisation, every column named as REVIEW_QUEUE_LIST's field (a derived table, so `id`, `status` and
 * `email` are unambiguous for the list's SQL; PostgreSQL flattens it into the join). domain.md: checks
 * never submitted are not in a queue (a contractual check a new template sent back is NOT_SUBMITTED).
 */
export function reviewQueueQuery(db: Kysely<DB>, type: CheckType, flags: QueueFlags, context: QueueContext) {
  const rows = db
    .selectFrom('checks')
    // Every check has its organisation (a foreign key, not null), so a left join answers the same rows as
    // an inner one; PostgreSQL leaves a left join out of a query that reads none of its columns, so the
    // page's capped count reads the checks alone unless an organisation's field is filtered on.
    .leftJoin('organisations', 'organisations.id', 'checks.organisationId')
    .select([
      'checks.id as id',
      'checks.organisationId as organisationId',
      'organisations.obpNumber as obpNumber',
      'organisations.legalName as legalName',
      'organisations.orgType as orgType',
      'organisations.country as country',
      'organisations.email as email',
      'organisations.mahCount as mahCount',
      'checks.submittedAt as submittedAt',
      'checks.slaDueAt as slaDueAt',
      'checks.attempt as attempt',
      'checks.status as status',
      'checks.assignee as assignee',
      'checks.version as version',
    ])
    .where('checks.type', '=', type)
    .where('checks.status', '<>', 'NOT_SUBMITTED')
    .$narrowType<{ obpNumber: NotNull; legalName: NotNull; orgType: NotNull; mahCount: NotNull }>();
  let query = db.selectFrom(rows.as('queue')).selectAll();
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
  // The list's SQL runs on the derived table `queue`, which the database handle must know by its row type.
  type QueueRow = Awaited<ReturnType<typeof query.executeTakeFirstOrThrow>>;
  const page = await runList(db.withTables<{ queue: QueueRow }>(), query, request, REVIEW_QUEUE_LIST);
  return {
    ...page,
    items: page.items.map((row) => ({
      ...row,
      submittedAt: iso(row.submittedAt),
      slaDueAt: iso(row.slaDueAt),
      overdue: isOverdue(row, context.now),
    })),
  };
}
