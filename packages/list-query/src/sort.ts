import { DEFAULT_PAGE } from './list-query.js';
import type { ListQuery, SortDirection } from './types.js';

function toFields(fields: string | string[]): string[] {
  return typeof fields === 'string' ? [fields] : fields;
}

function fieldOf(key: string): string {
  return key.startsWith('-') ? key.slice(1) : key;
}

/**
 * spec §4: a column is ascending when the order list holds the field, descending when it holds the
 * minus-prefixed field. For a column covering several fields, the first field decides.
 */
export function getSortDirection(order: string[], fields: string | string[]): SortDirection | undefined {
  const [first] = toFields(fields);
  if (first === undefined) {
    return undefined;
  }
  if (order.includes(first)) {
    return 'asc';
  }
  if (order.includes(`-${first}`)) {
    return 'desc';
  }
  return undefined;
}

/** The 0-based position of the column in the order list (for the ordered highlight); the first field decides. */
export function getSortIndex(order: string[], fields: string | string[]): number | undefined {
  const [first] = toFields(fields);
  if (first === undefined) {
    return undefined;
  }
  const index = order.findIndex((key) => fieldOf(key) === first);
  return index === -1 ? undefined : index;
}

/**
 * spec §4: clicking a column emits the reverse: each of its fields that is ascending becomes '-field',
 * otherwise (descending or absent) plain 'field'; a column covering several fields flips them all together.
 * Our choice: the clicked column moves to the front (it becomes the primary sort); the other keys keep their
 * relative order after it.
 */
export function toggleOrder(order: string[], fields: string | string[]): string[] {
  const columnFields = toFields(fields);
  if (columnFields.length === 0) {
    return [...order];
  }
  const toggled = columnFields.map((field) => (order.includes(field) ? `-${field}` : field));
  const others = order.filter((key) => !columnFields.includes(fieldOf(key)));
  return [...toggled, ...others];
}

/** spec §4: sorting emits the toggled order and resets page to 1. */
export function applySort(query: ListQuery, fields: string | string[]): ListQuery {
  return { ...query, order: toggleOrder(query.order, fields), page: DEFAULT_PAGE };
}
