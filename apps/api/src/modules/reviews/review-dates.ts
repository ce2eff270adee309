import { CHECK_STATUSES, type CheckStatus, isAwaitingReview } from '@portal/domain';

/**
 * The statuses `isAwaitingReview` accepts, for SQL: the open checks of a queue (whose overdue rows
 * packages/domain isCheckOverdue tells).
 */
export const AWAITING_REVIEW: CheckStatus[] = CHECK_STATUSES.filter(isAwaitingReview);
