import { CHECK_STATUSES, type CheckStatus, isAwaitingReview } from '@portal/domain';

/**
 * domain.md Screens: "SLA due with overdue in red". A check is overdue while it waits on the reviewers
 * (submitted or in review: packages/domain isAwaitingReview) past its SLA due date, at the time of the
 * answer; a decided check is never overdue, however late it was decided.
 */
export function isOverdue(
  check: { status: CheckStatus; slaDueAt: Date | string | null },
  now: Date,
): boolean {
  return (
    isAwaitingReview(check.status) &&
    check.slaDueAt !== null &&
    new Date(check.slaDueAt).getTime() < now.getTime()
  );
}

/** The statuses `isAwaitingReview` accepts, for SQL: the open checks of a queue. */
export const AWAITING_REVIEW: CheckStatus[] = CHECK_STATUSES.filter(isAwaitingReview);
