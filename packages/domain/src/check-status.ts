import type { CheckStatus } from './enums.js';

// A module of its own: the reviewers' landing page needs only this rule, not the rest of checks.ts (its
// fees and working days), on the first page a reviewer loads.

/** The reviewers' queue holds a check while it waits on them; only then does its SLA run. */
export const isAwaitingReview = (status: CheckStatus): boolean =>
  status === 'SUBMITTED' || status === 'IN_REVIEW';
