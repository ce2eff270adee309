import { describe, expect, it } from 'vitest';
import { LINE_HEIGHTS, rowsPerPage, type TableSize, VIRTUAL_BUFFER } from './sizes';

describe('table sizes (spec §9)', () => {
  it('line heights: medium 60, small 30, mini 20 px; virtual-scroll buffer 4', () => {
    expect(LINE_HEIGHTS).toEqual({ medium: 60, small: 30, mini: 20 });
    expect(VIRTUAL_BUFFER).toBe(4);
  });

  it.each<[number, TableSize | undefined, number]>([
    // container height, size, rows per page
    [600, 'medium', 10],
    [600, undefined, 10],
    [600, 'small', 20],
    [600, 'mini', 30],
    [610, 'medium', 11],
    [59, 'medium', 1],
    [1, 'mini', 1],
    [0, 'small', 1],
    [Number.NaN, 'small', 1],
  ])('rowsPerPage(%d, %s) = %d (height ÷ line height, rounded up, at least 1)', (height, size, rows) => {
    expect(rowsPerPage(height, size)).toBe(rows);
  });
});
