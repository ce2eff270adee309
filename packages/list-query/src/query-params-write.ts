import { filtersOf, isPlainObject, SEARCH_KEY } from './list-query.js';
import { setOwn } from './own-properties.js';
import type { Filter, FilterType, ListQuery, QueryParams, Where, WhereMulti } from './types.js';

// Writing list queries and values as query params (spec §7), apart from reading them (query-params.ts): a
// page that only builds links, such as the reviewers' landing page, loads only this.

/** The filter types written on the plain field key (spec §7): they count as one key on a field. */
const PLAIN_KEY_TYPES: readonly FilterType[] = ['equal', 'like', 'starts', 'ends', 'contains'];

/** The key a filter travels under after its field: '' for the plain key, else its type (`price.gt`). */
export function filterKeyOf(type: FilterType): string {
  return PLAIN_KEY_TYPES.includes(type) ? '' : type;
}

// ---------------------------------------------------------------------------------------------------------
// Values: writing
// ---------------------------------------------------------------------------------------------------------

/** Our escaping choice: in a value, a literal `\`, `,` or `*` is written `\\`, `\,`, `\*`. */
export function escapeValueText(text: string): string {
  return text.replace(/[\\,*]/g, (char) => `\\${char}`);
}

/** A Date as 'YYYY-MM-DD' when exactly UTC midnight, else its ISO string; an invalid date has no text. */
export function formatDate(date: Date): string | undefined {
  if (Number.isNaN(date.getTime())) {
    return undefined;
  }
  const iso = date.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, -'T00:00:00.000Z'.length) : iso;
}

/** One scalar as query-param text (escaped); undefined for the values that are dropped. */
function formatScalar(value: unknown): string | undefined {
  if (typeof value === 'string') {
    return value === '' ? undefined : escapeValueText(value);
  }
  if (typeof value === 'number') {
    return Number.isFinite(value) ? String(value) : undefined;
  }
  if (typeof value === 'boolean' || typeof value === 'bigint') {
    return String(value);
  }
  if (value instanceof Date) {
    return formatDate(value);
  }
  return undefined;
}

/** spec §7: a value as query-param text; arrays are joined by commas; empty values give undefined. */
function formatValue(value: unknown): string | undefined {
  if (Array.isArray(value)) {
    const parts = value.map(formatScalar).filter((part): part is string => part !== undefined);
    return parts.length === 0 ? undefined : parts.join(',');
  }
  return formatScalar(value);
}

// ---------------------------------------------------------------------------------------------------------
// Writing a list query
// ---------------------------------------------------------------------------------------------------------

/** spec §7 "filter to query" for one filter. */
function writeFilter(out: QueryParams, field: string, filter: Filter): void {
  const value = formatValue(filter.value);
  if (value === undefined) {
    return;
  }
  switch (filter.type) {
    case 'equal':
    case 'like':
      // spec §7: equal uses the plain field name.
      setOwn(out, field, value);
      return;
    // spec §7: starts, ends, contains use an equal key with value*, *value, *value*.
    case 'starts':
      setOwn(out, field, `${value}*`);
      return;
    case 'ends':
      setOwn(out, field, `*${value}`);
      return;
    case 'contains':
      setOwn(out, field, `*${value}*`);
      return;
    default:
      // spec §7: other types use field.type.
      setOwn(out, `${field}.${filter.type}`, value);
  }
}

/**
 * The filters of a field that get written, in order: empty ones are dropped, then of two that would write the
 * same key (two `gt`, or two of equal/like/starts/ends/contains) the later one wins.
 */
function writtenFilters(filters: Filter[]): Filter[] {
  const byKey = new Map<string, Filter>();
  for (const filter of filters) {
    if (formatValue(filter.value) !== undefined) {
      const key = filterKeyOf(filter.type);
      byKey.delete(key);
      byKey.set(key, filter);
    }
  }
  return [...byKey.values()];
}

/** A field's filter, or each of its filters under its own key. */
function writeFilters(out: QueryParams, field: string, filters: Filter[]): void {
  for (const filter of writtenFilters(filters)) {
    writeFilter(out, field, filter);
  }
}

/** spec §7: nested objects use dotted keys. */
function writeWhere(out: QueryParams, where: Where | WhereMulti, prefix: string): void {
  for (const [field, entry] of Object.entries(where)) {
    const filters = filtersOf(entry);
    if (filters !== undefined) {
      writeFilters(out, `${prefix}${field}`, filters);
    } else if (isPlainObject(entry)) {
      writeWhere(out, entry, `${prefix}${field}.`);
    }
  }
}

/**
 * whereMulti: and/or maps prefix their keys with `and.`/`or.` (nestable); free text becomes the search key
 * (spec §7), prefixed when nested. Several text values in one map are joined by a space.
 */
function writeWhereMulti(out: QueryParams, whereMulti: Where | WhereMulti, prefix: string): void {
  const texts: string[] = [];
  for (const [key, entry] of Object.entries(whereMulti)) {
    const filters = filtersOf(entry);
    if (typeof entry === 'string') {
      if (entry !== '') {
        texts.push(entry);
      }
    } else if (filters !== undefined) {
      writeFilters(out, `${prefix}${key}`, filters);
    } else if (isPlainObject(entry)) {
      if (key === 'and' || key === 'or') {
        writeWhereMulti(out, entry, `${prefix}${key}.`);
      } else {
        writeWhere(out, entry, `${prefix}${key}.`);
      }
    }
  }
  if (texts.length > 0) {
    setOwn(out, `${prefix}${SEARCH_KEY}`, texts.join(' '));
  }
}

/**
 * spec §7 "filter to query": a list query as query params. page and limit always; order joined by commas;
 * where and whereMulti as described in the README; `total` is never written; empty values are dropped.
 * A field holding several filters writes each under its own key; of two under the same key the later wins,
 * and a one-element array is written (and so read back) as a single filter.
 */
export function stringifyListQuery(query: ListQuery): QueryParams {
  const out: QueryParams = {};
  setOwn(out, 'page', String(query.page));
  setOwn(out, 'limit', String(query.limit));
  if (query.order.length > 0) {
    setOwn(out, 'order', query.order.join(','));
  }
  writeWhere(out, query.where, '');
  writeWhereMulti(out, query.whereMulti, '');
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Generic helpers
// ---------------------------------------------------------------------------------------------------------

/**
 * spec §7 for any object: nested objects to dotted keys, arrays joined by commas, Dates as 'YYYY-MM-DD' or
 * ISO, `\`, `,` and `*` escaped, empty values (undefined, null, '', [], {}) dropped.
 */
export function toQueryParams(obj: Record<string, unknown>): QueryParams {
  const out: QueryParams = {};
  const walk = (node: Record<string, unknown>, prefix: string): void => {
    for (const [key, value] of Object.entries(node)) {
      if (isPlainObject(value)) {
        walk(value, `${prefix}${key}.`);
      } else {
        const text = formatValue(value);
        if (text !== undefined) {
          setOwn(out, `${prefix}${key}`, text);
        }
      }
    }
  };
  walk(obj, '');
  return out;
}
