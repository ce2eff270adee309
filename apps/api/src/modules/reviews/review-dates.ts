import { CHECK_STATUSES, type CheckStatus, isAwaitingReview } from '@portal/domain';

/**
 * The statuses `isAwaitingReview` accepts, for SQL: the open checks of a queue (whose overdue rows
 * packages/domain isCheckOverdue tells, as mock mode's queue does).
 */
export const AWAITING_REVIEW: CheckStatus[] = CHECK_STATUSES.filter(isAwaitingReview);
