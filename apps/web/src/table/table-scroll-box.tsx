import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './table-scroll-box.module.css';

/**
 * A table a screen writes itself (not the shared DataTable: a handful of rows, no paging)
 * scrolls sideways in a box of its own when it is wider than the screen, never the page. Like the shared
 * table's, the box is reachable by keyboard (arrow keys scroll it) and named by the table's caption.
 */
export function TableScrollBox({
  caption,
  className,
  children,
}: {
  caption: string;
  /** The screen's own spacing around the box. */
  className?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section
      className={className ? `${styles.box} ${className}` : styles.box}
      aria-label={t('table.scrollBox', { caption })}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must be keyboard reachable (WCAG 2.1.1).
      tabIndex={0}
      data-table-scroll=""
    >
      {children}
    </section>
  );
}
