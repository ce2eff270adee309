import { getSortDirection, getSortIndex, toggleOrder } from '@portal/list-query';
import { type Ref, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { alignOf, type Column, minWidthOf } from './column';
import styles from './data-table.module.css';
import { TableIcon } from './table-icons';
import { useTruncated } from './use-truncated';

export interface TableHeadProps<T> {
  columns: readonly Column<T>[];
  order: string[];
  /** The clicked column's fields and the order list-query's toggleOrder makes of them. */
  onSort: (fields: string | string[], order: string[]) => void;
  ref?: Ref<HTMLTableSectionElement>;
}

/**
 * spec §2 and §4: sortable headers show an ascending or descending arrow and an ordered highlight; clicking
 * emits the reverse. The header is a real button inside the column header cell.
 */
export function TableHead<T>({ columns, order, onSort, ref }: TableHeadProps<T>) {
  return (
    <thead ref={ref} className={styles.head}>
      <tr aria-rowindex={1}>
        {columns.map((column) => (
          <HeaderCell key={column.id} column={column} order={order} onSort={onSort} />
        ))}
      </tr>
    </thead>
  );
}

function HeaderCell<T>({
  column,
  order,
  onSort,
}: {
  column: Column<T>;
  order: string[];
  onSort: TableHeadProps<T>['onSort'];
}) {
  const { t } = useTranslation();
  const descriptionId = useId();
  const label = t(column.header);
  const labelRef = useRef<HTMLSpanElement>(null);
  // A header cut short keeps its full text at hand (hover); its name is the whole text.
  const title = useTruncated(labelRef) ? label : undefined;
  const alignClass = styles[`align-${alignOf(column)}`];
  const { fields } = column;
  // The column's minimum width (its kind's by default), never narrower than its header
  // (its letters, the padding and a sort arrow); a wider table grows every column in proportion.
  const style = { width: columnWidth(column, label) };
  const text = (
    <span ref={labelRef} className={styles.headerLabel} title={title} data-header-label="">
      {label}
    </span>
  );
  if (fields === undefined || fields.length === 0) {
    return (
      <th scope="col" className={alignClass} style={style}>
        {text}
      </th>
    );
  }
  const direction = getSortDirection(order, fields);
  const index = getSortIndex(order, fields);
  const sorted = direction !== undefined && index !== undefined;
  const several = order.length > 1;
  // ARIA: aria-sort on one header at a time, the primary sort; the others say their place in a description.
  const ariaSort = sorted && index === 0 ? (direction === 'asc' ? 'ascending' : 'descending') : undefined;
  return (
    <th
      scope="col"
      aria-sort={ariaSort}
      className={[alignClass, sorted ? styles.sorted : '', index === 0 ? styles.primarySort : '']
        .filter(Boolean)
        .join(' ')}
      style={style}
      data-sort-index={index}
    >
      <button
        type="button"
        className={styles.sortButton}
        onClick={() => onSort(fields, toggleOrder(order, fields))}
        aria-describedby={sorted && several ? descriptionId : undefined}
      >
        {text}
        <TableIcon
          name={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'unsorted'}
          className={sorted ? styles.sortArrow : styles.unsortedArrow}
        />
        {sorted && several && (
          <span className={styles.sortIndex} aria-hidden="true">
            {index + 1}
          </span>
        )}
      </button>
      {sorted && several && (
        // Outside the button, so it describes the button without becoming part of its name.
        <span id={descriptionId} className={styles.visuallyHidden}>
          {direction === 'asc'
            ? t('table.sortKeyAscending', { position: index + 1, keys: order.length })
            : t('table.sortKeyDescending', { position: index + 1, keys: order.length })}
        </span>
      )}
    </th>
  );
}

/** The width of a column's header cell (table-layout: fixed lays the columns out from it). */
export function columnWidth<T>(column: Column<T>, label: string): string {
  const sortable = column.fields !== undefined && column.fields.length > 0;
  return `max(${minWidthOf(column)}, ${headerWidth(label, sortable)})`;
}

/**
 * The width a header needs not to be cut: its letters (1ch each, a bold digit's width, about a bold
 * letter's), the cell's padding (1rem) and, when it sorts, the arrow and its gap (1.25rem).
 */
export function headerWidth(label: string, sortable: boolean): string {
  return `calc(${label.length}ch + ${sortable ? '2.25rem' : '1rem'})`;
}
