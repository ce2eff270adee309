import type { CheckType } from '@portal/domain';

// The reviewers' queues by name, kept free of zod (reviews.ts holds their schemas): the SPA's reviewer
// landing page links into the queues with these and, with the package's "sideEffects": false, bundles
// this module alone rather than the schemas (the first page's weight).

/** The queue in the URL: /emvo/legitimacy ↔ /api/review-queues/legitimacy ↔ the check type LEGITIMACY. */
export const QUEUE_SLUGS = ['legitimacy', 'contractual', 'financial'] as const;
export type QueueSlug = (typeof QUEUE_SLUGS)[number];
export const checkTypeOfQueue = (slug: QueueSlug): CheckType => slug.toUpperCase() as CheckType;
export const queueOfCheckType = (type: CheckType): QueueSlug => type.toLowerCase() as QueueSlug;

/**
 * Two queue filters outside the list language (spec §7), because they depend on who asks and when:
 * `assignedToMe=true` (the caller is the assignee) and `overdue=true` (awaiting review past its SLA).
 */
export const QUEUE_FLAGS = ['assignedToMe', 'overdue'] as const;
export type QueueFlag = (typeof QUEUE_FLAGS)[number];
