import { describe, expect, it } from 'vitest';
import { tokenExpiry } from './account-tokens.js';

describe('tokenExpiry (domain.md: a confirmation link 48 hours, an invitation a week)', () => {
  const now = new Date('2026-03-01T12:00:00Z');
  it('ends a confirmation link two days later and an invitation seven', () => {
    expect(tokenExpiry('CONFIRM_REGISTRATION', now).toISOString()).toBe('2026-03-03T12:00:00.000Z');
    expect(tokenExpiry('INVITATION', now).toISOString()).toBe('2026-03-08T12:00:00.000Z');
  });
});
