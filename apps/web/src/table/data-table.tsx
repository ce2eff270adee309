import { useVirtualizer } from '@tanstack/react-virtual';
import { type CSSProperties, memo, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Column } from './column';
import { DataCell } from './data-cell';
import styles from './data-table.module.css';
import { type ScrollDirection, useInfiniteScroll } from './infinite-scroll';
import { Pagination } from './pagination';
import { DEFAULT_SIZE, LINE_HEIGHTS, type TableSize, VIRTUAL_BUFFER } from './sizes';
import { TableHead } from './table-head';

interface CommonProps<T> {
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  /** The current sort keys (list-query order: a leading minus means descending). */
  order: string[];
  /**
   * A sortable header was clicked: its fields, and the order list-query's toggleOrder makes of them. Pass
   * useTableParams' toggleSort, which saves it in the URL and goes back to page 1 (spec §4).
   */
  onSort: (fields: string | string[], order: string[]) => void;
  total: number;
  /** The total is the API's estimate (above 1,000 rows): shown as "about N". */
  totalEstimated?: boolean;
  /** spec §9: line heights medium 60, small 30, mini 20 px; medium by default. */
  size?: TableSize;
  loading?: boolean;
  /** The table's accessible name (a caption, visually hidden; it names the scrolling box too). */
  caption: string;
  /**
   * Rows to draw the eye to for a moment (a row that changed in place). The screen says in words
   * what changed (a polite live region): the highlight is not the only sign.
   */
  highlighted?: (row: T) => boolean;
}

interface PaginationModeProps {
  mode: 'pagination';
  page: number;
  limit: number;
  onPage: (page: number) => void;
}

interface InfiniteModeProps {
  mode: 'infinite';
  /** spec §4: the reader came near the bottom (down) or the top (up). useInfiniteList's loadMore fits. */
  onLoadMore: (direction: ScrollDirection) => void;
  /** spec §4: fire on every qualifying scroll, not once per content size. */
  alwaysCallback?: boolean;
  /**
   * The height of the scrolling box: px as a number, or any CSS length ('70vh' by default). Rows per page
   * = this height ÷ the line height: give the same px number to rowsPerPage() for the query's limit.
   */
  height?: number | string;
  page?: number;
  limit?: number;
}

/** spec §2: infinite scroll or pagination controls, never both: the mode says which, and its props follow. */
export type DataTableProps<T> = CommonProps<T> & (PaginationModeProps | InfiniteModeProps);

export const DEFAULT_INFINITE_HEIGHT = '70vh';

/**
 * spec §2 generic table: one component for every list. Sortable headers (arrow and ordered highlight), a
 * 'no result' message, and either pagination controls or infinite scroll. In infinite mode only the rows
 * near the viewport are in the DOM (@tanstack/react-virtual); aria-rowcount and aria-rowindex tell
 * assistive technology the whole size.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { t, i18n } = useTranslation();
  const { total, totalEstimated = false, loading = false, rows } = props;
  const size = props.size ?? DEFAULT_SIZE;
  const formatted = new Intl.NumberFormat(i18n.resolvedLanguage ?? 'en').format(total);
  const results = totalEstimated
    ? t('table.resultsAbout', { count: total, formatted })
    : t('table.results', { count: total, formatted });
  const style = { '--table-line-height': `${LINE_HEIGHTS[size]}px` } as CSSProperties;
  return (
    <div className={styles.dataTable} style={style} data-size={size}>
      {props.mode === 'infinite' ? <InfiniteTable {...props} size={size} /> : <PagedTable {...props} />}
      <div className={styles.footer}>
        {!loading && rows.length > 0 && <p className={styles.summary}>{results}</p>}
        {props.mode === 'pagination' && (
          <Pagination
            page={props.page}
            limit={props.limit}
            total={total}
            totalEstimated={totalEstimated}
            rowCount={rows.length}
            onPage={props.onPage}
          />
        )}
      </div>
      <div role="status" className={styles.visuallyHidden}>
        {loading ? t('table.loading') : results}
      </div>
    </div>
  );
}

/** ARIA: the whole table's row count, the header row included; -1 when only an estimate is known. */
function ariaRowCount(total: number, totalEstimated: boolean | undefined, rows: number): number | undefined {
  // With no rows the DOM holds the whole table (the header and the message row): nothing to add.
  if (rows === 0) return undefined;
  return totalEstimated ? -1 : Math.max(total, rows) + 1;
}

/**
 * The table scrolls sideways in its own box, never the page: the box is reachable by
 * keyboard (arrow keys scroll it) and named by the table's caption; the first column stays in view.
 */
function PagedTable<T>(props: CommonProps<T> & PaginationModeProps) {
  const { columns, rows, rowKey, order, onSort, caption, loading = false, page, limit, highlighted } = props;
  const { t } = useTranslation();
  const offset = (Math.max(page, 1) - 1) * limit;
  return (
    <section
      className={`${styles.scroll} ${styles.pagedScroll}`}
      aria-label={t('table.scrollBox', { caption })}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must be keyboard reachable (WCAG 2.1.1).
      tabIndex={0}
      data-table-scroll=""
    >
      <table
        className={styles.table}
        aria-busy={loading}
        aria-rowcount={ariaRowCount(props.total, props.totalEstimated, rows.length)}
      >
        <caption className={styles.visuallyHidden}>{caption}</caption>
        <TableHead columns={columns} order={order} onSort={onSort} />
        <tbody>
          {rows.map((row, index) => (
            <DataRow
              key={rowKey(row)}
              row={row}
              columns={columns}
              rowIndex={offset + index + 2}
              highlighted={highlighted?.(row) ?? false}
            />
          ))}
          <StateRow columns={columns.length} empty={rows.length === 0} loading={loading} />
        </tbody>
      </table>
    </section>
  );
}

function InfiniteTable<T>(props: CommonProps<T> & InfiniteModeProps & { size: TableSize }) {
  const { columns, rows, rowKey, order, onSort, caption, loading = false, size, highlighted } = props;
  const { t } = useTranslation();
  const lineHeight = LINE_HEIGHTS[size];
  const scrollRef = useRef<HTMLDivElement>(null);
  const headRef = useRef<HTMLTableSectionElement>(null);
  // The rows start below the sticky header: the virtualiser counts it as padding before the first row.
  const [headHeight, setHeadHeight] = useState(lineHeight);
  useLayoutEffect(() => {
    const measured = headRef.current?.offsetHeight;
    setHeadHeight(measured && measured > 0 ? measured : lineHeight);
  }, [lineHeight]);

  const virtualizer = useVirtualizer<HTMLElement, HTMLTableRowElement>({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    // Every row is one line of the size (CSS keeps them so): nothing to measure.
    estimateSize: () => lineHeight,
    overscan: VIRTUAL_BUFFER,
    paddingStart: headHeight,
    getItemKey: (index) => {
      const row = rows[index];
      return row === undefined ? index : rowKey(row);
    },
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new line height invalidates the row sizes.
  useEffect(() => {
    virtualizer.measure();
  }, [virtualizer, lineHeight]);

  useInfiniteScroll(scrollRef, {
    onLoadMore: props.onLoadMore,
    ...(props.alwaysCallback === undefined ? {} : { alwaysCallback: props.alwaysCallback }),
    contentKey: rows.length,
    checkFill: !loading && rows.length > 0,
  });

  const items = virtualizer.getVirtualItems();
  const first = items[0];
  const last = items[items.length - 1];
  const spaceBefore = first ? first.start - headHeight : 0;
  // Before the virtualiser has measured its box it renders no row: the whole list is then space, so the
  // content has its true height from the first frame (the infinite scroll's fill check reads it).
  const spaceAfter = last
    ? virtualizer.getTotalSize() - last.end
    : Math.max(0, virtualizer.getTotalSize() - headHeight);
  return (
    <section
      ref={scrollRef}
      className={styles.scroll}
      style={{ height: props.height ?? DEFAULT_INFINITE_HEIGHT }}
      aria-label={t('table.scrollBox', { caption })}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must be keyboard reachable (WCAG 2.1.1).
      tabIndex={0}
      data-table-scroll=""
    >
      <table
        className={`${styles.table} ${styles.fixedRows}`}
        aria-busy={loading}
        aria-rowcount={ariaRowCount(props.total, props.totalEstimated, rows.length)}
      >
        <caption className={styles.visuallyHidden}>{caption}</caption>
        <TableHead ref={headRef} columns={columns} order={order} onSort={onSort} />
        <tbody>
          {spaceBefore > 0 && <SpacerRow columns={columns.length} height={spaceBefore} />}
          {items.map((item) => {
            const row = rows[item.index];
            return row === undefined ? null : (
              <DataRow
                key={item.key}
                row={row}
                columns={columns}
                rowIndex={item.index + 2}
                highlighted={highlighted?.(row) ?? false}
              />
            );
          })}
          {spaceAfter > 0 && <SpacerRow columns={columns.length} height={spaceAfter} />}
          <StateRow columns={columns.length} empty={rows.length === 0} loading={loading} />
        </tbody>
      </table>
    </section>
  );
}

function DataRowView<T>({
  row,
  columns,
  rowIndex,
  highlighted,
}: {
  row: T;
  columns: readonly Column<T>[];
  rowIndex: number;
  highlighted: boolean;
}) {
  return (
    <tr
      aria-rowindex={rowIndex}
      className={highlighted ? `${styles.row} ${styles.highlighted}` : styles.row}
      data-highlighted={highlighted || undefined}
    >
      {columns.map((column) => (
        <DataCell key={column.id} column={column} row={row} />
      ))}
    </tr>
  );
}

/** A row renders again only when its row, columns, place or highlight change: scrolling re-renders only new rows. */
const DataRow = memo(DataRowView) as typeof DataRowView;

/** The height of the rows not rendered, so the scrollbar stays true to the whole list. */
function SpacerRow({ columns, height }: { columns: number; height: number }) {
  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a row holding one empty cell is not focusable.
    <tr aria-hidden="true" className={styles.spacer}>
      <td colSpan={columns} style={{ height }} />
    </tr>
  );
}

/**
 * spec §2: the catalogue's 'no result' message (messages.noResult) when there is nothing to show, the same
 * in every table; a loading line while the first rows load. It stands at the start of
 * the visible part of a table wider than its box (a phone), not in the middle of the whole width, out of view.
 */
function StateRow({ columns, empty, loading }: { columns: number; empty: boolean; loading: boolean }) {
  const { t } = useTranslation();
  if (!empty) return null;
  return (
    <tr className={styles.messageRow}>
      <td colSpan={columns}>
        <span className={styles.message}>{loading ? t('table.loading') : t('messages.noResult')}</span>
      </td>
    </tr>
  );
}
