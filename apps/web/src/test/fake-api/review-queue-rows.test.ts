import { describe, expect, it } from 'vitest';
import { isInQueue, queueSummaryOf } from './review-handlers';

const NOW = new Date('2026-03-02T09:30:00.000Z');
const caller = { actor: 'rita', now: NOW };
const past = '2026-03-01T00:00:00.000Z';
const check = (
  type: 'LEGITIMACY' | 'FINANCIAL',
  status: 'NOT_SUBMITTED' | 'SUBMITTED' | 'IN_REVIEW' | 'APPROVED',
  assignee: string | null = null,
  slaDueAt: string | null = null,
) => ({ type, status, assignee, slaDueAt });

describe('isInQueue', () => {
  it("keeps a submitted check of the queue's type, with the caller's flags", () => {
    expect(isInQueue(check('LEGITIMACY', 'APPROVED'), 'legitimacy', {}, caller)).toBe(true);
    expect(isInQueue(check('LEGITIMACY', 'NOT_SUBMITTED'), 'legitimacy', {}, caller)).toBe(false);
    expect(isInQueue(check('FINANCIAL', 'SUBMITTED'), 'legitimacy', {}, caller)).toBe(false);
    const mine = { assignedToMe: 'true' as const };
    expect(isInQueue(check('LEGITIMACY', 'IN_REVIEW', 'rita'), 'legitimacy', mine, caller)).toBe(true);
    expect(isInQueue(check('LEGITIMACY', 'IN_REVIEW', 'omar'), 'legitimacy', mine, caller)).toBe(false);
    const overdue = { overdue: 'true' as const };
    expect(isInQueue(check('LEGITIMACY', 'SUBMITTED', null, past), 'legitimacy', overdue, caller)).toBe(true);
    expect(isInQueue(check('LEGITIMACY', 'APPROVED', null, past), 'legitimacy', overdue, caller)).toBe(false);
  });
});

describe('queueSummaryOf', () => {
  it('counts the open checks of each queue, the overdue ones and the caller’s', () => {
    const summary = queueSummaryOf(
      [
        check('LEGITIMACY', 'SUBMITTED', null, past),
        check('LEGITIMACY', 'IN_REVIEW', 'rita'),
        check('LEGITIMACY', 'APPROVED', 'rita'),
        check('FINANCIAL', 'NOT_SUBMITTED'),
      ],
      caller,
    );
    expect(summary.queues).toEqual([
      { queue: 'legitimacy', open: 2, overdue: 1, assignedToMe: 1 },
      { queue: 'contractual', open: 0, overdue: 0, assignedToMe: 0 },
      { queue: 'financial', open: 0, overdue: 0, assignedToMe: 0 },
    ]);
  });
});
