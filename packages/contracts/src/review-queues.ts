import { CHECK_STATUSES, ORG_TYPES } from '@portal/domain';
import { z } from 'zod/mini';
import { endpoint, listPageSchema, listQuerySchema } from './endpoint.js';
import { isoDateTime } from './fields.js';
import { FIRST_SCREEN_ADDRESSES } from './first-screen-addresses.js';
import { REVIEW_QUEUE_LIST } from './lists.js';
import { QUEUE_SLUGS, type QueueFlag } from './queues.js';

/**
 * domain.md Screens, /emvo/legitimacy, /emvo/contractual, /emvo/financial: the reviewers' three queues and
 * what waits in each. Apart from the checks' detail (reviews.ts), whose schema holds the company's whole
 * application: the reviewer's landing page, the first page most reviewers see, loads only this.
 */

/** One row of a queue (REVIEW_QUEUE_LIST declares what may be filtered, sorted and searched). */
export const reviewQueueRowSchema = z.object({
  /** The check's id: the detail view is /emvo/{queue}/{id}. */
  id: z.uuid(),
  organisationId: z.uuid(),
  obpNumber: z.string(),
  legalName: z.string(),
  orgType: z.enum(ORG_TYPES),
  country: z.nullable(z.string()),
  email: z.nullable(z.string()),
  mahCount: z.int(),
  submittedAt: z.nullable(isoDateTime),
  slaDueAt: z.nullable(isoDateTime),
  /** Awaiting review (submitted or in review) past its SLA due date, at the time of the answer. */
  overdue: z.boolean(),
  attempt: z.int(),
  status: z.enum(CHECK_STATUSES),
  assignee: z.nullable(z.string()),
  version: z.int(),
});
export type ReviewQueueRow = z.infer<typeof reviewQueueRowSchema>;

/** GET /api/review-queues/summary: what waits in each queue, for the reviewer's landing page. */
export const queueSummarySchema = z.object({
  queues: z.array(
    z.object({
      queue: z.enum(QUEUE_SLUGS),
      /** Submitted or in review. */
      open: z.int(),
      overdue: z.int(),
      /** Open and assigned to the caller. */
      assignedToMe: z.int(),
    }),
  ),
});
export type QueueSummary = z.infer<typeof queueSummarySchema>;

/** A queue in the path: /api/review-queues/legitimacy. */
export const queueParams = z.object({ queue: z.enum(QUEUE_SLUGS) });

const flag = (description: string) => z.optional(z.enum(['true', 'false'])).check(z.describe(description));

/** A queue's own filters (QUEUE_FLAGS) beside the list language: `true` or `false`, absent meaning false. */
export const queueFlagsSchema = z.object({
  assignedToMe: flag('true: only the checks assigned to the caller'),
  overdue: flag('true: only the checks awaiting review past their SLA due date'),
} satisfies Record<QueueFlag, z.ZodMiniType>);

/** The reviewers' queues (every route EMVO only, first-screen-addresses.ts). */
export const reviewQueuesApi = {
  summary: endpoint({
    ...FIRST_SCREEN_ADDRESSES.queueSummary,
    summary: 'What waits in each queue: open, overdue and assigned to the caller',
    response: queueSummarySchema,
  }),
  queue: endpoint({
    ...FIRST_SCREEN_ADDRESSES.reviewQueue,
    summary: 'The checks of one queue, oldest submitted first (spec §3 list query, §7 query params)',
    params: queueParams,
    query: z.extend(listQuerySchema, queueFlagsSchema.shape),
    extra: queueFlagsSchema,
    list: REVIEW_QUEUE_LIST,
    response: listPageSchema(reviewQueueRowSchema),
  }),
};
