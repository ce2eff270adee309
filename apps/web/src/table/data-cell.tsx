import { type ReactNode, useRef } from 'react';
import { alignOf, type Column, kindOf, truncates } from './column';
import styles from './data-table.module.css';
import { useTruncated } from './use-truncated';

/**
 * One body cell. A text, email, date, number or status keeps to one line and ends in an
 * ellipsis when the column is too narrow; the cut cell then carries its full value as a title (hover) and
 * becomes focusable (a cell is named by its content, so the keyboard and a screen reader reach the whole
 * value, and focus unfolds it). Actions wrap inside their row.
 */
export function DataCell<T>({ column, row }: { column: Column<T>; row: T }) {
  const content = column.cell(row);
  const className = [styles[`align-${alignOf(column)}`], styles[`kind-${kindOf(column)}`]]
    .filter(Boolean)
    .join(' ');
  if (!truncates(column)) return <td className={`${className} ${styles.wrapCell}`}>{content}</td>;
  return <TruncatingCell className={className}>{content}</TruncatingCell>;
}

function TruncatingCell({ className, children }: { className: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const truncated = useTruncated(ref);
  const element = ref.current;
  const full = truncated && element ? (element.textContent ?? undefined) : undefined;
  // A cut cell holding a link or a button is reached through it: the cell itself takes no extra tab stop.
  const holdsControl = element?.querySelector('a[href], button, input, select, textarea') != null;
  return (
    <td
      className={`${className} ${truncated ? styles.cutCell : ''}`}
      title={full}
      tabIndex={truncated && !holdsControl ? 0 : undefined}
    >
      <div ref={ref} className={styles.truncate}>
        {children}
      </div>
    </td>
  );
}
