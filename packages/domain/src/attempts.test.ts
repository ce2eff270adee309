import { describe, expect, it } from 'vitest';
import { type AttemptEvent, attemptsOf } from './attempts.js';
import type { CheckStatus } from './enums.js';

let day = 0;
/** An event a day after the previous one. */
const event = (
  from: CheckStatus | null,
  to: CheckStatus,
  actor = 'rita@emvo.test',
  comment: string | null = null,
) => {
  day += 1;
  return {
    from,
    to,
    actor,
    comment,
    at: new Date(Date.UTC(2026, 0, day)).toISOString(),
  } satisfies AttemptEvent<string>;
};
const on = (n: number) => new Date(Date.UTC(2026, 0, n)).toISOString();

describe('attemptsOf: the submissions of a check and how each ended, from its timeline', () => {
  it('no event: no attempt', () => {
    expect(attemptsOf([])).toEqual([]);
  });

  it('a submission waiting for its review is an open attempt, started or not', () => {
    day = 0;
    expect(
      attemptsOf([event('NOT_SUBMITTED', 'SUBMITTED', 'spoc@acme.test'), event('SUBMITTED', 'IN_REVIEW')]),
    ).toEqual([
      { attempt: 1, submittedAt: on(1), outcome: null, decidedAt: null, decidedBy: null, reason: null },
    ]);
  });

  it('each resubmission after corrections starts the next attempt; each ends at its decision', () => {
    day = 0;
    const events = [
      event('NOT_SUBMITTED', 'SUBMITTED', 'spoc@acme.test'),
      event('SUBMITTED', 'IN_REVIEW'),
      event('IN_REVIEW', 'CORRECTIONS_REQUESTED', 'rita@emvo.test', 'Unreadable proof'),
      event('CORRECTIONS_REQUESTED', 'SUBMITTED', 'spoc@acme.test'),
      event('SUBMITTED', 'IN_REVIEW', 'otto@emvo.test'),
      event('IN_REVIEW', 'APPROVED', 'otto@emvo.test'),
    ];
    expect(attemptsOf(events)).toEqual([
      {
        attempt: 1,
        submittedAt: on(1),
        outcome: 'CORRECTIONS_REQUESTED',
        decidedAt: on(3),
        decidedBy: 'rita@emvo.test',
        reason: 'Unreadable proof',
      },
      {
        attempt: 2,
        submittedAt: on(4),
        outcome: 'APPROVED',
        decidedAt: on(6),
        decidedBy: 'otto@emvo.test',
        reason: null,
      },
    ]);
  });

  it('a temporary approval finalised later ends the same attempt with the final decision', () => {
    day = 0;
    const events = [
      event('NOT_SUBMITTED', 'SUBMITTED', 'spoc@acme.test'),
      event('SUBMITTED', 'IN_REVIEW'),
      event('IN_REVIEW', 'TEMPORARILY_APPROVED', 'rita@emvo.test', 'Licence renewal pending'),
      event('TEMPORARILY_APPROVED', 'REJECTED', 'rita@emvo.test', 'Licence not renewed'),
    ];
    expect(attemptsOf(events)).toEqual([
      {
        attempt: 1,
        submittedAt: on(1),
        outcome: 'REJECTED',
        decidedAt: on(4),
        decidedBy: 'rita@emvo.test',
        reason: 'Licence not renewed',
      },
    ]);
  });

  it('billing steps (the status kept) decide nothing; a top-up rejection by the system does', () => {
    day = 0;
    const events = [
      event('NOT_SUBMITTED', 'SUBMITTED', 'spoc@acme.test'),
      event('SUBMITTED', 'IN_REVIEW'),
      event('IN_REVIEW', 'APPROVED'),
      event('APPROVED', 'APPROVED', 'rita@emvo.test', 'Invoiced: INV-1'),
      event('APPROVED', 'APPROVED', 'rita@emvo.test', 'Paid'),
    ];
    expect(attemptsOf(events)[0]).toMatchObject({ outcome: 'APPROVED', decidedAt: on(3) });
    const topUp = event(
      'APPROVED',
      'REJECTED',
      'SYSTEM',
      '3 MAHs are active but the approved form declares 2',
    );
    const resubmitted = event('REJECTED', 'SUBMITTED', 'spoc@acme.test');
    expect(attemptsOf([...events, topUp, resubmitted])).toEqual([
      expect.objectContaining({ attempt: 1, outcome: 'REJECTED', decidedBy: 'SYSTEM' }),
      expect.objectContaining({ attempt: 2, outcome: null }),
    ]);
  });

  it('numbers as the check does: a new agreement template sends it back to NOT_SUBMITTED, then attempt 1 again', () => {
    day = 0;
    const events = [
      event('NOT_SUBMITTED', 'SUBMITTED', 'spoc@acme.test'),
      event('SUBMITTED', 'NOT_SUBMITTED', 'SYSTEM', 'A new agreement template version must be signed'),
      event('NOT_SUBMITTED', 'SUBMITTED', 'spoc@acme.test'),
    ];
    expect(attemptsOf(events).map((attempt) => [attempt.attempt, attempt.outcome])).toEqual([
      [1, 'NOT_SUBMITTED'],
      [1, null],
    ]);
  });
});
