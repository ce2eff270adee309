import { isFilter } from '@portal/list-query';
import { useId } from 'react';
import type { TableParams } from '../../../table/use-table-params';
import { Select, TERSE_SELECT_TEXTS } from '../../../ui/select';
import styles from './admin-lists.module.css';

export interface FilterItem {
  id: string;
  name: string;
}

/**
 * A filter of known values on one field of a list, as the kit's searchable select
 * (type to narrow the values, × to clear): an `equal` filter written to the URL through the table's params.
 */
export function SelectFilter({
  params,
  field,
  label,
  items,
  placeholder,
  loading,
  search,
}: {
  params: TableParams;
  field: string;
  label: string;
  items: readonly FilterItem[];
  placeholder: string;
  loading?: boolean;
  /** Values found on the API for the typed text, when the known ones are not all of them. */
  search?: (text: string) => Promise<readonly FilterItem[]>;
}) {
  const id = useId();
  const entry = params.query.where[field];
  const current = isFilter(entry) && !Array.isArray(entry.value) ? String(entry.value) : null;
  return (
    <div className={`${styles.field} ${styles.selectField}`}>
      <Select<FilterItem>
        label={label}
        inputId={id}
        items={items}
        value={current}
        placeholder={placeholder}
        isClearable
        {...TERSE_SELECT_TEXTS}
        {...(loading === undefined ? {} : { isLoading: loading })}
        {...(search ? { loadOptions: search } : {})}
        onChange={(value) =>
          params.setFilter(field, value === null ? undefined : { type: 'equal', value: String(value) })
        }
      />
    </div>
  );
}
