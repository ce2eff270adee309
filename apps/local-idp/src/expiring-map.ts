/** Milliseconds since the epoch; injectable so tests can move time instead of waiting. */
export type Clock = () => number;

export interface ExpiringMap<V> {
  /** The live value, or undefined once its time has passed. */
  get(key: string): V | undefined;
  /** Stores the value until `ttlMs` from now (a key set again moves to the newest). */
  set(key: string, value: V, ttlMs: number): void;
  delete(key: string): void;
  readonly size: number;
}

/**
 * The provider's short-lived state (failed sign-ins, reset codes) lives in the memory of its one process.
 * Bounded, so a flood of made-up addresses cannot grow it without end: when full, expired entries go
 * first, then the oldest. Such a flood could push out a real entry early; for a provider used only
 * locally, in demos and tests that is the better trade than unbounded memory.
 */
export function createExpiringMap<V>(options: { maxEntries: number; now: Clock }): ExpiringMap<V> {
  const { maxEntries, now } = options;
  const entries = new Map<string, { value: V; expiresAt: number }>();

  const makeRoom = () => {
    const time = now();
    for (const [key, entry] of entries) {
      if (entry.expiresAt <= time) entries.delete(key);
    }
    // A Map iterates in insertion order: the first keys are the oldest.
    for (const key of entries.keys()) {
      if (entries.size < maxEntries) break;
      entries.delete(key);
    }
  };

  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt <= now()) {
        entries.delete(key);
        return undefined;
      }
      return entry.value;
    },
    set(key, value, ttlMs) {
      entries.delete(key);
      if (entries.size >= maxEntries) makeRoom();
      entries.set(key, { value, expiresAt: now() + ttlMs });
    },
    delete(key) {
      entries.delete(key);
    },
    get size() {
      return entries.size;
    },
  };
}
