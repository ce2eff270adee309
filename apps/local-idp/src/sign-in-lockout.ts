import { type Clock, createExpiringMap } from './expiring-map.js';

/** As B2C does: five wrong passwords in a row lock the account for a while. */
export const MAX_FAILED_SIGN_INS = 5;
export const LOCKOUT_MS = 15 * 60 * 1000;
export const MAX_TRACKED_ADDRESSES = 10_000;

export interface SignInLockout {
  /**
   * Called before the password is checked: false while the address is locked (the password is then not
   * checked at all). Otherwise the attempt counts as failed until `succeeded` says otherwise, so guesses
   * sent in parallel count too, not only those that have finished.
   */
  attempt(email: string): boolean;
  /** A correct password (or a reset with the mailed code): the count starts again. */
  succeeded(email: string): void;
}

/**
 * Counted per lower-cased address, whether an account has it or not, so the lock tells nobody which
 * addresses are accounts. The count is forgotten LOCKOUT_MS after the last failure; once it reaches
 * MAX_FAILED_SIGN_INS the address is refused until then. A lock is never pushed out of the bounded map by
 * other addresses, however many: only counts below the lock are. Should the map hold nothing but locks,
 * an address it cannot count is refused as locked, rather than let its guesses go uncounted.
 */
export function createSignInLockout(options: { now: Clock; lockoutMs?: number }): SignInLockout {
  const lockoutMs = options.lockoutMs ?? LOCKOUT_MS;
  const failures = createExpiringMap<number>({
    maxEntries: MAX_TRACKED_ADDRESSES,
    now: options.now,
    held: (count) => count >= MAX_FAILED_SIGN_INS,
  });
  const keyOf = (email: string) => email.trim().toLowerCase();

  return {
    attempt(email) {
      const key = keyOf(email);
      const count = failures.get(key) ?? 0;
      // Refused attempts do not extend the lock: it ends LOCKOUT_MS after the failure that set it.
      if (count >= MAX_FAILED_SIGN_INS) return false;
      return failures.set(key, count + 1, lockoutMs);
    },
    succeeded(email) {
      failures.delete(keyOf(email));
    },
  };
}
