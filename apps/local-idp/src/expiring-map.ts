/** Milliseconds since the epoch; injectable so tests can move time instead of waiting. */
export type Clock = () => number;

export interface ExpiringMap<V> {
  /** The live value, or undefined once its time has passed. */
  get(key: string): V | undefined;
  /**
   * Stores the value until `ttlMs` from now (a key set again moves to the newest). False when the map is
   * full of entries it must hold: the value is not stored, and the caller decides what that means.
   */
  set(key: string, value: V, ttlMs: number): boolean;
  delete(key: string): void;
  readonly size: number;
}

/**
 * The provider's short-lived state (failed sign-ins, reset codes) lives in the memory of its one process.
 * Bounded, so a flood of made-up addresses cannot grow it without end: when full, expired entries go
 * first, then the oldest of those `held` does not claim. A held entry (a lock, a spent request allowance)
 * is never pushed out before it expires, whatever the traffic: otherwise anyone could lift a lock by
 * sending enough other addresses. When every entry is held, a new one is refused instead (set answers
 * false), so the bound holds and no lock is lost.
 */
export function createExpiringMap<V>(options: {
  maxEntries: number;
  now: Clock;
  held?: (value: V) => boolean;
}): ExpiringMap<V> {
  const { maxEntries, now } = options;
  const isHeld = options.held ?? (() => false);
  type Entry = { value: V; expiresAt: number };
  // Two maps, each in insertion order (the first keys are the oldest): making room takes the first key of
  // `loose`, never scanning past held entries, so a flood costs a constant time per address.
  const held = new Map<string, Entry>();
  const loose = new Map<string, Entry>();
  /** No entry expires before this: the expired ones are looked for only once it has passed. */
  let earliestExpiry = Number.POSITIVE_INFINITY;
  const size = () => held.size + loose.size;

  const dropExpired = () => {
    const time = now();
    if (time < earliestExpiry) return;
    earliestExpiry = Number.POSITIVE_INFINITY;
    for (const entries of [held, loose]) {
      for (const [key, entry] of entries) {
        if (entry.expiresAt <= time) entries.delete(key);
        else earliestExpiry = Math.min(earliestExpiry, entry.expiresAt);
      }
    }
  };

  const makeRoom = () => {
    dropExpired();
    for (const key of loose.keys()) {
      if (size() < maxEntries) break;
      loose.delete(key);
    }
  };

  const remove = (key: string) => {
    held.delete(key);
    loose.delete(key);
  };

  return {
    get(key) {
      const entry = held.get(key) ?? loose.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt <= now()) {
        remove(key);
        return undefined;
      }
      return entry.value;
    },
    set(key, value, ttlMs) {
      remove(key);
      if (size() >= maxEntries) makeRoom();
      if (size() >= maxEntries) return false;
      const expiresAt = now() + ttlMs;
      earliestExpiry = Math.min(earliestExpiry, expiresAt);
      (isHeld(value) ? held : loose).set(key, { value, expiresAt });
      return true;
    },
    delete: remove,
    get size() {
      return size();
    },
  };
}
