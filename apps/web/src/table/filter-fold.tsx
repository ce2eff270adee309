import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './filter-fold.module.css';

/**
 * A list's filters, folded behind one button on a phone's width (below 48rem, where the menu becomes a
 * strip) so that the first rows show on the first screen; laid out in the toolbar's row, and the button
 * gone, where there is room. The button says how many filters are chosen, so a folded choice is not
 * forgotten. Folded is display: none, so the filters are hidden from everyone alike.
 */
export function FilterFold({ chosen, children }: { chosen: number; children: ReactNode }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const panel = useId();
  return (
    <>
      <button
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={panel}
        onClick={() => setOpen((was) => !was)}
        data-filter-fold=""
      >
        {chosen > 0 ? t('lists.filtersChosen', { count: chosen }) : t('lists.filters')}
        <span className={styles.chevron} aria-hidden="true">
          {open ? '▴' : '▾'}
        </span>
      </button>
      <div id={panel} className={styles.panel} data-open={open}>
        {children}
      </div>
    </>
  );
}
