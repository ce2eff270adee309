import type { Audited } from './tables.js';

/** Who every demo row names as its writer. */
export const SEED_ACTOR = 'seed';

export const DAY = 86_400_000;

/** Demo dates are relative to a fixed day, so two worlds are the same rows. */
export const EPOCH = Date.UTC(2026, 9, 1);

export const iso = (ms: number) => new Date(ms).toISOString();

/** A valid v4-shaped UUID that reads as demo data: `<prefix>000000-0000-4000-8000-<n, 12 digits>`. */
export function demoId(prefix: string, n: number): string {
  return `${prefix}000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
}

/** Ids counted per table (the prefix tells the table), so the same world always has the same ids. */
export function idCounter(prefix: string): () => string {
  let count = 0;
  return () => demoId(prefix, ++count);
}

/** A row's audit columns: written by the seed at `at`, version 1. */
export const audited = (id: string, at: number = EPOCH): Audited => ({
  id,
  createdAt: iso(at),
  updatedAt: iso(at),
  createdBy: SEED_ACTOR,
  updatedBy: SEED_ACTOR,
  version: 1,
});
