import { describe, expect, it } from 'vitest';
import { estimatedPageItems, MAX_PAGE_LINKS, type PageItem, pageCount, pageItems } from './pagination-items';

const links = (items: PageItem[]) => items.filter((item) => typeof item === 'number');

describe('page links (spec §9: at most 7)', () => {
  it.each<[number, number, string]>([
    // page, count, what shows
    [1, 1, '1'],
    [3, 7, '1 2 3 4 5 6 7'],
    [1, 8, '1 2 3 4 5 … 8'],
    [1, 50, '1 2 3 4 5 … 50'],
    [4, 50, '1 2 3 4 5 … 50'],
    [5, 50, '1 … 4 5 6 … 50'],
    [25, 50, '1 … 24 25 26 … 50'],
    [46, 50, '1 … 45 46 47 … 50'],
    [47, 50, '1 … 46 47 48 49 50'],
    [50, 50, '1 … 46 47 48 49 50'],
  ])('page %d of %d: %s', (page, count, shown) => {
    const items = pageItems(page, count);
    expect(items.map((item) => (typeof item === 'number' ? item : '…')).join(' ')).toBe(shown);
  });

  it('never more than 7 slots, the current page always among them, each page once (1 to 60 pages)', () => {
    for (let count = 1; count <= 60; count += 1) {
      for (let page = 1; page <= count; page += 1) {
        const items = pageItems(page, count);
        expect(items.length).toBeLessThanOrEqual(MAX_PAGE_LINKS);
        expect(items).toContain(page);
        expect(items).toContain(1);
        expect(items).toContain(count);
        expect(new Set(links(items)).size).toBe(links(items).length);
      }
    }
  });

  it('pageCount: total ÷ limit rounded up, at least 1', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
    expect(pageCount(1000, 20)).toBe(50);
  });

  it.each<[number, number, string]>([
    // An estimated total: the last page is not known, its link is left out.
    [1, 250, '1 2 3 4 5 …'],
    [30, 250, '1 … 29 30 31 …'],
    [249, 250, '1 … 246 247 248 249 …'],
    // The reader went past the estimate: one more page is assumed.
    [260, 250, '1 … 257 258 259 260 …'],
    [2, 3, '1 2 …'],
  ])('estimated: page %d of about %d pages: %s', (page, count, shown) => {
    const items = estimatedPageItems(page, count);
    expect(items.map((item) => (typeof item === 'number' ? item : '…')).join(' ')).toBe(shown);
    expect(items.length).toBeLessThanOrEqual(MAX_PAGE_LINKS);
  });
});
