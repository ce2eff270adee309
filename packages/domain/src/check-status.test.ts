import { describe, expect, it } from 'vitest';
import { isAwaitingReview } from './check-status.js';
import type { CheckStatus } from './enums.js';

describe('isAwaitingReview', () => {
  it.each<[CheckStatus, boolean]>([
    ['NOT_SUBMITTED', false],
    ['SUBMITTED', true],
    ['IN_REVIEW', true],
    ['CORRECTIONS_REQUESTED', false],
    ['APPROVED', false],
    ['REJECTED', false],
  ])('a %s check waits on the reviewers: %s', (status, expected) => {
    expect(isAwaitingReview(status)).toBe(expected);
  });
});
