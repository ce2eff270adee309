import { describe, expect, it } from 'vitest';
import { isoDates } from './iso-dates';

describe('isoDates', () => {
  it('writes each Date as its ISO string and keeps every other value', () => {
    const at = new Date('2026-03-02T09:30:00.000Z');
    expect(isoDates({ at, none: null, count: 2, name: 'x' })).toEqual({
      at: '2026-03-02T09:30:00.000Z',
      none: null,
      count: 2,
      name: 'x',
    });
  });
});
