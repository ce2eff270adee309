import { type Filter, isFilter, type ListQuery } from '@portal/list-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { TableParams } from '../../../table/use-table-params';
import styles from '../storage/admin-lists.module.css';

const DAY_MS = 24 * 60 * 60 * 1000;

/** 'YYYY-MM-DD' of a filter's date (a date-only value is read back as UTC midnight). */
const day = (value: unknown): string =>
  value instanceof Date && !Number.isNaN(value.getTime()) ? value.toISOString().slice(0, 10) : '';

/** The `at` range as the date inputs show it; in the URL the end is exclusive (the next day). */
export function auditDateRange(query: ListQuery): { from: string; until: string } {
  const entry = query.where.at;
  const filters = Array.isArray(entry) ? entry : isFilter(entry) ? [entry] : [];
  const from = filters.find((filter) => filter.type === 'gte')?.value;
  const before = filters.find((filter) => filter.type === 'lt')?.value;
  return { from: day(from), until: before instanceof Date ? day(new Date(before.getTime() - DAY_MS)) : '' };
}

/** The `at` filters of a range of 'YYYY-MM-DD' days (either may be empty), or undefined for none. */
export function auditRangeFilter(from: string, until: string): Filter[] | undefined {
  const start = from ? new Date(`${from}T00:00:00Z`) : null;
  const end = until ? new Date(new Date(`${until}T00:00:00Z`).getTime() + DAY_MS) : null;
  const filters: Filter[] = [
    ...(start && !Number.isNaN(start.getTime()) ? [{ type: 'gte' as const, value: start }] : []),
    ...(end && !Number.isNaN(end.getTime()) ? [{ type: 'lt' as const, value: end }] : []),
  ];
  return filters.length > 0 ? filters : undefined;
}

/** The audit trail's date range: from and until (both days included). */
export function AuditDateRange({ params }: { params: TableParams }) {
  const { t } = useTranslation();
  const id = useId();
  const range = auditDateRange(params.query);
  const set = (from: string, until: string) => params.setFilter('at', auditRangeFilter(from, until));
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
