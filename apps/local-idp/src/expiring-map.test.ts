import { describe, expect, it } from 'vitest';
import { createExpiringMap } from './expiring-map.js';

describe('createExpiringMap', () => {
  it('forgets an entry once its time has passed', () => {
    let now = 1_000;
    const map = createExpiringMap<string>({ maxEntries: 10, now: () => now });
    map.set('a', 'value', 500);
    now += 499;
    expect(map.get('a')).toBe('value');
    now += 1;
    expect(map.get('a')).toBeUndefined();
  });

  it('stays within its size: expired entries go first, then the oldest', () => {
    let now = 0;
    const map = createExpiringMap<number>({ maxEntries: 3, now: () => now });
    map.set('short', 1, 10);
    map.set('old', 2, 1_000);
    map.set('newer', 3, 1_000);
    now = 20;
    map.set('fourth', 4, 1_000);
    expect(map.size).toBe(3);
    expect([map.get('short'), map.get('old'), map.get('newer'), map.get('fourth')]).toEqual([
      undefined,
      2,
      3,
      4,
    ]);
    map.set('fifth', 5, 1_000);
    expect(map.size).toBe(3);
    expect(map.get('old')).toBeUndefined();
    expect(map.get('fifth')).toBe(5);
  });

  it('never pushes out an entry it holds before its time, however many others come; refuses them when full', () => {
    let now = 0;
    const map = createExpiringMap<number>({ maxEntries: 3, now: () => now, held: (value) => value >= 5 });
    expect(map.set('locked', 5, 1_000)).toBe(true);
    for (let other = 0; other < 100; other += 1) expect(map.set(`other-${other}`, 1, 1_000)).toBe(true);
    expect(map.get('locked')).toBe(5);
    expect(map.size).toBe(3);
    expect(map.set('second-lock', 5, 1_000)).toBe(true);
    expect(map.set('third-lock', 5, 1_000)).toBe(true);
    // Full of held entries: a new one is not stored, and nothing held is lost.
    expect(map.set('one-more', 1, 1_000)).toBe(false);
    expect([map.get('locked'), map.get('second-lock'), map.get('third-lock'), map.get('one-more')]).toEqual([
      5,
      5,
      5,
      undefined,
    ]);
    now = 1_000;
    expect(map.set('one-more', 1, 1_000)).toBe(true);
    expect(map.get('locked')).toBeUndefined();
  });
});
