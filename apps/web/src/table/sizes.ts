/** spec §2: a table is drawn at one of three densities. */
export type TableSize = 'medium' | 'small' | 'mini';

/** spec §9: the page-size constants medium 60, small 30, mini 20 are line heights, in px. */
export const LINE_HEIGHTS: Readonly<Record<TableSize, number>> = { medium: 60, small: 30, mini: 20 };

/** spec §2: medium is the default size. */
export const DEFAULT_SIZE: TableSize = 'medium';

/** spec §9: virtual-scroll buffer 4: rows rendered beyond each edge of the visible ones. */
export const VIRTUAL_BUFFER = 4;

/**
 * spec §9: infinite-scroll rows = container height divided by the line height of the size (medium default).
 * Rounded up, so one page always fills the container (a page that does not fill it cannot be scrolled);
 * at least 1. The API applies its own maximum (e.g. 100): a caller clamps to it.
 */
export function rowsPerPage(containerHeight: number, size: TableSize = DEFAULT_SIZE): number {
  if (!Number.isFinite(containerHeight) || containerHeight <= 0) return 1;
  return Math.max(1, Math.ceil(containerHeight / LINE_HEIGHTS[size]));
}
