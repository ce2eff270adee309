import { type FilterType, isFilter } from '@portal/list-query';
import { useEffect, useId, useState } from 'react';
import type { TableParams } from '../../../table/use-table-params';
import styles from './admin-lists.module.css';

/** Type-ahead waits this long after the last key before it filters (spec §9: 200 ms debounce). */
const DEBOUNCE_MS = 200;

/**
 * A free-text filter on one field of a list (the shared ListToolbar offers selects only): `contains` by
 * default, written to the URL through the table's params once the typing pauses.
 */
export function TextFilter({
  params,
  field,
  label,
  type = 'contains',
}: {
  params: TableParams;
  field: string;
  label: string;
  type?: FilterType;
}) {
  const id = useId();
  const entry = params.query.where[field];
  const current = isFilter(entry) && !Array.isArray(entry.value) ? String(entry.value) : '';
  const [text, setText] = useState(current);
  const { setFilter } = params;
  useEffect(() => {
    if (text === current) return;
    const timer = setTimeout(
      () => setFilter(field, text.trim() === '' ? undefined : { type, value: text.trim() }),
      DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [text, current, field, type, setFilter]);
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <input id={id} type="text" value={text} onChange={(event) => setText(event.target.value)} />
    </div>
  );
}
