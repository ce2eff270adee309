import { describe, expect, it } from 'vitest';
import { cancelTokenTransition, issueTokenTransition } from './session-token-transitions.js';
import { SESSION_TOKEN_LIFETIME_MS } from './technical.js';

const NOW = new Date('2026-03-02T09:30:00.000Z');
const LATER = new Date(NOW.getTime() + SESSION_TOKEN_LIFETIME_MS);
const requested = { status: 'REQUESTED' as const, expiresAt: null };
const issued = { status: 'ISSUED' as const, expiresAt: LATER.toISOString() };

describe('issueTokenTransition', () => {
  it('issues a requested token for 24 h, the audit diff without its value', () => {
    expect(issueTokenTransition(requested, { actor: 'rita@emvo.test', now: NOW })).toEqual({
      ok: true,
      changes: { status: 'ISSUED', issuedBy: 'rita@emvo.test', issuedAt: NOW, expiresAt: LATER },
      diff: {
        status: { from: 'REQUESTED', to: 'ISSUED' },
        issuedAt: NOW.toISOString(),
        expiresAt: LATER.toISOString(),
      },
    });
  });

  it('refuses any other token, saying what it is now', () => {
    expect(issueTokenTransition(issued, { actor: 'rita@emvo.test', now: LATER })).toEqual({
      ok: false,
      code: 'TOKEN_NOT_REQUESTED',
      message: 'This session token is expired: only a requested token is issued',
    });
  });
});

describe('cancelTokenTransition', () => {
  const context = { actor: 'rita@emvo.test', now: NOW, reason: 'Wrong environment' };

  it('cancels a requested or valid issued token with who, when and why', () => {
    expect(cancelTokenTransition(issued, context)).toEqual({
      ok: true,
      changes: {
        status: 'CANCELLED',
        cancelledBy: 'rita@emvo.test',
        cancelledAt: NOW,
        cancelReason: 'Wrong environment',
      },
      diff: { status: { from: 'ISSUED', to: 'CANCELLED' }, reason: 'Wrong environment' },
    });
    expect(cancelTokenTransition(requested, context).ok).toBe(true);
  });

  it('refuses an expired or cancelled token', () => {
    expect(cancelTokenTransition(issued, { ...context, now: LATER })).toMatchObject({
      ok: false,
      code: 'TOKEN_NOT_CANCELLABLE',
      message: 'This session token is expired: only a requested or valid issued token is cancelled',
    });
    expect(cancelTokenTransition({ status: 'CANCELLED', expiresAt: null }, context).ok).toBe(false);
  });
});
