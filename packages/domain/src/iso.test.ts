import { describe, expect, it } from 'vitest';
import { dateOf, iso, isoDates } from './iso.js';

describe('iso', () => {
  it.each([
    ['a Date is its ISO string', new Date(Date.UTC(2026, 0, 2, 3, 4, 5)), '2026-01-02T03:04:05.000Z'],
    ['a stored string is read and written in UTC', '2026-01-02T04:04:05+01:00', '2026-01-02T03:04:05.000Z'],
    ['null stays null', null, null],
  ])('%s', (_rule, value, expected) => {
    expect(iso(value)).toBe(expected);
  });

  it('throws on a value that is no date, as toISOString does', () => {
    expect(() => iso('not a date')).toThrow(RangeError);
  });
});

describe('dateOf', () => {
  it.each([
    ['a stored string is its Date', '2026-01-02T03:04:05.000Z', Date.UTC(2026, 0, 2, 3, 4, 5)],
    ['a Date stays that moment', new Date(Date.UTC(2026, 0, 2)), Date.UTC(2026, 0, 2)],
    ['null stays null', null, null],
  ])('%s', (_rule, value, expected) => {
    expect(dateOf(value)?.getTime() ?? null).toBe(expected);
  });
});

describe('isoDates', () => {
  it('writes each Date as its ISO string and keeps every other value', () => {
    const at = new Date('2026-03-02T09:30:00.000Z');
    const row: { at: Date; none: Date | null; count: number; name: string } = {
      at,
      none: null,
      count: 2,
      name: 'x',
    };
    const converted: { at: string; none: string | null; count: number; name: string } = isoDates(row);
    expect(converted).toEqual({ at: '2026-03-02T09:30:00.000Z', none: null, count: 2, name: 'x' });
  });
});
