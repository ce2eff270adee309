import { dateOf } from './iso.js';
import {
  isTokenCancellable,
  isTokenIssuable,
  type SessionTokenStatus,
  sessionTokenStatusAt,
  tokenExpiresAt,
} from './technical.js';
import { words } from './words.js';

/** A token as stored: its expiry as the database's Date or as an ISO string. */
export interface StoredSessionToken {
  status: SessionTokenStatus;
  expiresAt: Date | string | null;
}

/** A refused issue or cancel: 409 with this code (a token's state, not the caller's input, refuses it). */
export interface TokenRefusal {
  ok: false;
  code: 'TOKEN_NOT_REQUESTED' | 'TOKEN_NOT_CANCELLABLE';
  message: string;
}

export type TokenTransition<Changes> =
  | { ok: true; changes: Changes; diff: Record<string, unknown> }
  | TokenRefusal;

const refusal = (code: TokenRefusal['code'], status: SessionTokenStatus, only: string): TokenRefusal => ({
  ok: false,
  code,
  message: `This session token is ${words(status)}: ${only}`,
});

/**
 * A reviewer issues a REQUESTED token only; it is valid 24 h from now (domain.md SessionToken). The
 * changes and the audit diff leave the value out: the API stores it encrypted, and no audit row or error
 * ever carries it.
 */
export function issueTokenTransition(
  stored: StoredSessionToken,
  context: { actor: string; now: Date },
): TokenTransition<{ status: 'ISSUED'; issuedBy: string; issuedAt: Date; expiresAt: Date }> {
  const token = { status: stored.status, expiresAt: dateOf(stored.expiresAt) };
  if (!isTokenIssuable(token)) {
    const status = sessionTokenStatusAt(token, context.now);
    return refusal('TOKEN_NOT_REQUESTED', status, 'only a requested token is issued');
  }
  const expiresAt = tokenExpiresAt(context.now);
  return {
    ok: true,
    changes: { status: 'ISSUED', issuedBy: context.actor, issuedAt: context.now, expiresAt },
    diff: {
      status: { from: token.status, to: 'ISSUED' },
      issuedAt: context.now.toISOString(),
      expiresAt: expiresAt.toISOString(),
    },
  };
}

/**
 * A reviewer cancels a requested token or an issued one still valid, with a reason; a cancelled token is
 * never shown, so the writer wipes its value too.
 */
export function cancelTokenTransition(
  stored: StoredSessionToken,
  context: { actor: string; now: Date; reason: string },
): TokenTransition<{ status: 'CANCELLED'; cancelledBy: string; cancelledAt: Date; cancelReason: string }> {
  const token = { status: stored.status, expiresAt: dateOf(stored.expiresAt) };
  const status = sessionTokenStatusAt(token, context.now);
  if (!isTokenCancellable(token, context.now)) {
    const only = 'only a requested or valid issued token is cancelled';
    return refusal('TOKEN_NOT_CANCELLABLE', status, only);
  }
  const { actor, now, reason } = context;
  return {
    ok: true,
    changes: { status: 'CANCELLED', cancelledBy: actor, cancelledAt: now, cancelReason: reason },
    diff: { status: { from: status, to: 'CANCELLED' }, reason },
  };
}
