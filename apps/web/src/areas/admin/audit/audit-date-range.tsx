import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { dateRange, rangeFilter } from '../../../table/date-range';
import type { TableParams } from '../../../table/use-table-params';
import styles from '../storage/admin-lists.module.css';

/** The audit trail's date range: from and until (both days included). */
export function AuditDateRange({ params }: { params: TableParams }) {
  const { t } = useTranslation();
  const id = useId();
  const range = dateRange(params.query, 'at');
  const set = (from: string, until: string) => params.setFilter('at', rangeFilter(from, until));
  return (
    <>
      <div className={styles.field}>
        <label htmlFor={`${id}-from`}>{t('admin.audit.filters.from')}</label>
        <input
          id={`${id}-from`}
          type="date"
          value={range.from}
          onChange={(event) => set(event.target.value, range.until)}
        />
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-until`}>{t('admin.audit.filters.until')}</label>
        <input
          id={`${id}-until`}
          type="date"
          value={range.until}
          onChange={(event) => set(range.from, event.target.value)}
        />
      </div>
    </>
  );
}
