import type { CheckStatus } from './enums.js';

/** What the attempts are derived from: a CheckEvent (domain.md), with its time as stored or as sent. */
export interface AttemptEvent<At> {
  from: CheckStatus | null;
  to: CheckStatus;
  actor: string;
  comment: string | null;
  at: At;
}

export interface Attempt<At> {
  attempt: number;
  submittedAt: At;
  /** The status the attempt ended in; null while it is still open. */
  outcome: CheckStatus | null;
  decidedAt: At | null;
  decidedBy: string | null;
  reason: string | null;
}

/**
 * The check's submissions and how each ended, derived from its event timeline (oldest first), so they
 * can never disagree with it. The API's check detail answers with it.
 * - every event that leads to SUBMITTED starts an attempt (the company's first submission and each
 *   resubmission: domain.md "Resubmission after corrections restarts the SLA"), numbered as the check's
 *   attempt is (`decide`): 1 from NOT_SUBMITTED (also after a new agreement template sent the check back
 *   there), else the previous one + 1;
 * - a decision is an event that changes the status to anything but SUBMITTED or IN_REVIEW (START and a
 *   billing step, which keeps the status, decide nothing); the attempt's outcome is its latest decision,
 *   because a temporary approval is finalised as approved or rejected within the same attempt, as are the
 *   system's later rejections (a financial top-up);
 * - an attempt without a decision is still open: outcome null.
 */
export function attemptsOf<At>(events: readonly AttemptEvent<At>[]): Attempt<At>[] {
  const attempts: Attempt<At>[] = [];
  for (const event of events) {
    const current = attempts.at(-1);
    if (event.to === 'SUBMITTED') {
      attempts.push({
        attempt: event.from === 'NOT_SUBMITTED' ? 1 : (current?.attempt ?? 0) + 1,
        submittedAt: event.at,
        outcome: null,
        decidedAt: null,
        decidedBy: null,
        reason: null,
      });
    } else if (current && event.from !== event.to && event.to !== 'IN_REVIEW') {
      current.outcome = event.to;
      current.decidedAt = event.at;
      current.decidedBy = event.actor;
      current.reason = event.comment;
    }
  }
  return attempts;
}
