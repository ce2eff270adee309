import { isAwaitingReview } from './check-status.js';
import type { CheckStatus } from './enums.js';

/*
 * Reviewers working together on a check: who holds it (its assignee), handing it to a colleague, and
 * deciding a check a colleague holds. Any reviewer may decide a check (checks.ts), but not without
 * knowing a colleague is on it: the decision says it takes the check over.
 */

/** The colleague who holds the check when it is not the caller: its assignee, or null (nobody, or the caller). */
export const holderOtherThan = (check: { assignee: string | null }, actor: string): string | null =>
  check.assignee !== null && check.assignee !== actor ? check.assignee : null;

/**
 * Whether a reviewer's decision must say it takes the check over: a colleague holds it and the decision
 * did not say so (the API answers 409 CHECK_HELD_BY_OTHER naming the holder; the SPA asks "take it over?").
 */
export const needsTakeOver = (
  check: { assignee: string | null },
  actor: string,
  takeOver: boolean,
): boolean => !takeOver && holderOtherThan(check, actor) !== null;

/** A check is (re)assigned while it waits on the reviewers; a decided or unsubmitted check holds no one. */
export const isAssignable = (status: CheckStatus): boolean => isAwaitingReview(status);

/** The audit action of an assignment: taking it oneself, handing it to a colleague, or leaving it to nobody. */
export function assignmentAction(
  actor: string,
  assignee: string | null,
): 'TAKE_CHECK' | 'ASSIGN_CHECK' | 'UNASSIGN_CHECK' {
  if (assignee === null) return 'UNASSIGN_CHECK';
  return assignee === actor ? 'TAKE_CHECK' : 'ASSIGN_CHECK';
}
