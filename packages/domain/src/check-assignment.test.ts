import { describe, expect, it } from 'vitest';
import { assignmentAction, holderOtherThan, isAssignable, needsTakeOver } from './check-assignment.js';
import { CHECK_STATUSES } from './enums.js';

describe('reviewers working together on a check', () => {
  it('names the colleague holding the check, never the caller or nobody', () => {
    expect(holderOtherThan({ assignee: 'rita@emvo.test' }, 'lena@emvo.test')).toBe('rita@emvo.test');
    expect(holderOtherThan({ assignee: 'lena@emvo.test' }, 'lena@emvo.test')).toBeNull();
    expect(holderOtherThan({ assignee: null }, 'lena@emvo.test')).toBeNull();
  });

  it('asks a decision on a colleague’s check to say it takes it over, and only that one', () => {
    expect(needsTakeOver({ assignee: 'rita@emvo.test' }, 'lena@emvo.test', false)).toBe(true);
    expect(needsTakeOver({ assignee: 'rita@emvo.test' }, 'lena@emvo.test', true)).toBe(false);
    expect(needsTakeOver({ assignee: 'lena@emvo.test' }, 'lena@emvo.test', false)).toBe(false);
    expect(needsTakeOver({ assignee: null }, 'lena@emvo.test', false)).toBe(false);
  });

  it('assigns a check only while it waits on the reviewers', () => {
    expect(CHECK_STATUSES.filter(isAssignable)).toEqual(['SUBMITTED', 'IN_REVIEW']);
  });

  it('names the assignment after what it does', () => {
    expect(assignmentAction('lena@emvo.test', 'lena@emvo.test')).toBe('TAKE_CHECK');
    expect(assignmentAction('lena@emvo.test', 'rita@emvo.test')).toBe('ASSIGN_CHECK');
    expect(assignmentAction('lena@emvo.test', null)).toBe('UNASSIGN_CHECK');
  });
});
