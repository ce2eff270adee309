import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { type Clock, createExpiringMap } from './expiring-map.js';

/** As B2C's self-service reset: a 6-digit code, valid 10 minutes, three tries, then a new one is needed. */
export const CODE_TTL_MS = 10 * 60 * 1000;
export const CODE_ATTEMPTS = 3;
/** Codes one address may ask for, counted until an hour after its last request: no mail cannon. */
export const CODE_REQUESTS_PER_HOUR = 5;
const HOUR_MS = 60 * 60 * 1000;
export const MAX_ENTRIES = 10_000;

interface PendingCode {
  /** The address as the person typed it, to show it again. */
  email: string;
  /** sha256 of the interaction and the code: a memory dump holds no usable code. */
  hash: Buffer;
  attemptsLeft: number;
}

export type CodeCheck =
  | { ok: true; email: string }
  /** wrong: try again; spent: that was the last try; expired: none (any more) for this interaction. */
  | { ok: false; reason: 'wrong' | 'spent' | 'expired' };

export interface ResetCodes {
  /** False once the address asked for CODE_REQUESTS_PER_HOUR codes; counts the request otherwise. */
  mayRequest(email: string): boolean;
  /** A new code for the interaction (replacing any earlier one), bound to the address. */
  issue(interaction: string, email: string): string;
  /** The address of the interaction's live code, if any. */
  pendingEmail(interaction: string): string | undefined;
  /** Checks a typed code; a correct code is used up, so it works once. */
  check(interaction: string, code: string): CodeCheck;
}

/**
 * The reset policy's verification codes, in the provider's memory (it is one process), keyed by the
 * interaction: a code works only in the browser session that asked for it, for the address it was sent
 * to. Requests are limited per lower-cased address, whether an account has it or not.
 */
export function createResetCodes(options: { now: Clock }): ResetCodes {
  const { now } = options;
  const pending = createExpiringMap<PendingCode>({ maxEntries: MAX_ENTRIES, now });
  // An address that used up its requests stays refused until its hour is over, however many other
  // addresses ask meanwhile; when only such addresses fill the map, a new one is refused too.
  const requests = createExpiringMap<number>({
    maxEntries: MAX_ENTRIES,
    now,
    held: (count) => count >= CODE_REQUESTS_PER_HOUR,
  });
  const hashOf = (interaction: string, code: string) =>
    createHash('sha256').update(`${interaction}:${code}`).digest();

  return {
    mayRequest(email) {
      const key = email.trim().toLowerCase();
      const count = requests.get(key) ?? 0;
      if (count >= CODE_REQUESTS_PER_HOUR) return false;
      return requests.set(key, count + 1, HOUR_MS);
    },
    issue(interaction, email) {
      const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
      pending.set(
        interaction,
        { email, hash: hashOf(interaction, code), attemptsLeft: CODE_ATTEMPTS },
        CODE_TTL_MS,
      );
      return code;
    },
    pendingEmail: (interaction) => pending.get(interaction)?.email,
    check(interaction, code) {
      const entry = pending.get(interaction);
      if (!entry) return { ok: false, reason: 'expired' };
      if (timingSafeEqual(entry.hash, hashOf(interaction, code.replace(/\s/g, '')))) {
        pending.delete(interaction);
        return { ok: true, email: entry.email };
      }
      entry.attemptsLeft -= 1;
      if (entry.attemptsLeft > 0) return { ok: false, reason: 'wrong' };
      pending.delete(interaction);
      return { ok: false, reason: 'spent' };
    },
  };
}
