import { getSortDirection, getSortIndex, toggleOrder } from '@portal/list-query';
import { type Ref, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Column } from './column';
import styles from './data-table.module.css';
import { TableIcon } from './table-icons';

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
  const alignClass = styles[`align-${column.align ?? 'start'}`];
  const style = column.width === undefined ? undefined : { width: column.width };
  const { fields } = column;
  if (fields === undefined || fields.length === 0) {
    return (
      <th scope="col" className={alignClass} style={style}>
        {label}
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
        <span className={styles.headerLabel}>{label}</span>
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
