/** spec §9: pagination shows at most 7 page links. */
export const MAX_PAGE_LINKS = 7;

/** A page number, or a gap standing for the pages left out (two kinds, so each has a stable React key). */
export type PageItem = number | 'start-ellipsis' | 'end-ellipsis';

/** How many pages `total` rows make at `limit` a page; at least 1. */
export function pageCount(total: number, limit: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, limit)));
}

/**
 * The page links to show for `page` of `count`: every page when they fit in 7 slots; otherwise the first and
 * last pages, the current one with a neighbour on each side, and gaps, always 7 slots so the controls do not
 * jump while paging: 1 2 3 4 5 … 50 · 1 … 24 25 26 … 50 · 1 … 46 47 48 49 50.
 */
export function pageItems(page: number, count: number): PageItem[] {
  if (count <= MAX_PAGE_LINKS) return range(1, count);
  const siblings = 1;
  const current = Math.min(Math.max(page, 1), count);
  // The run around the current page, pushed inwards near either end so the slot count stays 7.
  const start = Math.max(Math.min(current - siblings, count - 2 * siblings - 2), 3);
  const end = Math.min(Math.max(current + siblings, 2 * siblings + 3), count - 2);
  return [
    1,
    start > 3 ? 'start-ellipsis' : 2,
    ...range(start, end),
    end < count - 2 ? 'end-ellipsis' : count - 1,
    count,
  ];
}

/**
 * With an estimated total (spec: above 1,000 rows the API answers an estimate) the last page is not known,
 * so its link is left out and a gap ends the list; `count` is the estimate's page count, at least page + 1.
 */
export function estimatedPageItems(page: number, count: number): PageItem[] {
  const known = Math.max(count, page + 1);
  const items = pageItems(page, known);
  const last = items[items.length - 1];
  if (last !== known) return items;
  const withoutLast = items.slice(0, -1);
  return withoutLast[withoutLast.length - 1] === 'end-ellipsis'
    ? withoutLast
    : [...withoutLast, 'end-ellipsis'];
}

function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from + 1) }, (_, index) => from + index);
}
