import { type Filter, isFilter, type ListQuery, SEARCH_KEY } from '@portal/list-query';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterFold } from './filter-fold';
import styles from './list-toolbar.module.css';
import type { TableParams } from './use-table-params';

/** Type-ahead waits this long after the last key before it searches (spec §9: 200 ms debounce). */
const SEARCH_DEBOUNCE_MS = 200;

/** The current equal-filter value of a field, as a string ('' when none). */
export function filterValue(query: ListQuery, field: string): string {
  const entry = query.where[field];
  return isFilter(entry) && !Array.isArray(entry.value) ? String(entry.value) : '';
}

export interface ToolbarFilter {
  field: string;
  label: string;
  options: Array<{ value: string; label: string }>;
}

/**
 * Free text and equal filters over a list, all written to the URL through the table's params. `children`
 * are a screen's own filters (a searchable select, a date range): in the same row, not on a row of their own.
 * On a phone the filters fold behind one button (FilterFold), the search stays.
 */
export function ListToolbar({
  params,
  filters,
  children,
}: {
  params: TableParams;
  filters: ToolbarFilter[];
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const id = useId();
  const searched =
    typeof params.query.whereMulti[SEARCH_KEY] === 'string' ? params.query.whereMulti[SEARCH_KEY] : '';
  const [text, setText] = useState(searched);
  const { setSearch } = params;
  useEffect(() => {
    if (text === searched) return;
    const timer = setTimeout(() => setSearch(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, searched, setSearch]);
  return (
    <search className={styles.toolbar}>
      <div className={styles.field}>
        <label htmlFor={`${id}-search`}>{t('lists.search')}</label>
        <input
          id={`${id}-search`}
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      {(filters.length > 0 || children) && (
        <FilterFold chosen={Object.keys(params.query.where).length}>
          {filters.map((filter) => (
            <div key={filter.field} className={styles.field}>
              <label htmlFor={`${id}-${filter.field}`}>{filter.label}</label>
              <select
                id={`${id}-${filter.field}`}
                value={filterValue(params.query, filter.field)}
                onChange={(event) => {
                  const value = event.target.value;
                  const next: Filter | undefined = value === '' ? undefined : { type: 'equal', value };
                  params.setFilter(filter.field, next);
                }}
              >
                <option value="">{t('lists.all')}</option>
                {filter.options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            </div>
          ))}
          {children}
        </FilterFold>
      )}
    </search>
  );
}
