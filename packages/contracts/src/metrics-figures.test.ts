import { describe, expect, it } from 'vitest';
import { percentOf, weekStartOf } from './metrics-figures.js';

// A Wednesday: its week started on Monday 2 March 2026.
const NOW = new Date('2026-03-04T15:00:00.000Z');
describe('weekStartOf, percentOf', () => {
  it("reads weeks as PostgreSQL's date_trunc('week'), and rates as the API's SQL rounds them", () => {
    expect(weekStartOf(NOW).toISOString()).toBe('2026-03-02T00:00:00.000Z');
    expect(weekStartOf(new Date('2026-03-08T23:59:00.000Z')).toISOString()).toBe('2026-03-02T00:00:00.000Z');
    expect(percentOf(2, 3)).toBe(67);
    expect(percentOf(2, 3, 1)).toBe(66.7);
    expect(percentOf(0, 0)).toBeNull();
  });
});
