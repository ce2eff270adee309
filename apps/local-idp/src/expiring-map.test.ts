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
});
