import {
  type Condition,
  FILTER_TYPES,
  type Filter,
  type FilterType,
  type ListQuery,
  type Where,
  type WhereMulti,
} from './types.js';

/** spec §3 and §9: page 1. */
export const DEFAULT_PAGE = 1;
/** spec §3 and §9: limit 20. */
export const DEFAULT_LIMIT = 20;
/** spec §9: "search key name search": the whereMulti key (and query-param key) holding free text. */
export const SEARCH_KEY = 'search';

/** spec §3: a list query with the defaults (page 1, limit 20, no order, no filters) under the given values. */
export function createListQuery(partial: Partial<ListQuery> = {}): ListQuery {
  const query: ListQuery = {
    page: partial.page ?? DEFAULT_PAGE,
    limit: partial.limit ?? DEFAULT_LIMIT,
    order: partial.order ?? [],
    where: partial.where ?? {},
    whereMulti: partial.whereMulti ?? {},
  };
  if (partial.total !== undefined) {
    query.total = partial.total;
  }
  return query;
}

export function isFilterType(x: unknown): x is FilterType {
  return typeof x === 'string' && (FILTER_TYPES as readonly string[]).includes(x);
}

/** spec §3: a filter is `{type, value}` with one of the filter types; anything else in a where map is nesting. */
export function isFilter(x: unknown): x is Filter {
  return isPlainObject(x) && isFilterType(x.type) && Object.hasOwn(x, 'value');
}

export function isPlainObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x) && !(x instanceof Date);
}

/**
 * The filters a where entry puts on its field, in order: one for a filter, the filters of an array (all of
 * them ANDed; anything else in it is ignored), undefined for a nested map or any other value.
 */
export function filtersOf(entry: unknown): Filter[] | undefined {
  if (isFilter(entry)) {
    return [entry];
  }
  return Array.isArray(entry) ? entry.filter(isFilter) : undefined;
}

/**
 * Every filter of a where map, nested maps giving dotted field names (spec §7: 'address.country'). A field
 * holding several filters gives one entry per filter, in order.
 */
export function flattenWhere(where: Where): Array<{ field: string; filter: Filter }> {
  const out: Array<{ field: string; filter: Filter }> = [];
  collectFilters(where, '', out);
  return out;
}

function collectFilters(
  where: Where | WhereMulti,
  prefix: string,
  out: Array<{ field: string; filter: Filter }>,
): void {
  for (const [field, entry] of Object.entries(where)) {
    const filters = filtersOf(entry);
    if (filters !== undefined) {
      for (const filter of filters) {
        out.push({ field: `${prefix}${field}`, filter });
      }
    } else if (isPlainObject(entry)) {
      collectFilters(entry, `${prefix}${field}.`, out);
    }
  }
}

/** True for the values stringify drops and toCondition skips: undefined, null, '', [] (spec §7 "empty values dropped"). */
export function isEmptyValue(value: unknown): boolean {
  return (
    value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)
  );
}

/**
 * spec §3: a whereMulti map as one `and` node. Its `and` key gives an `and` node, `or` an `or` node (nestable),
 * `search` (or any other text value: "a text value in whereMulti means free-text search") a search node, and
 * other keys field filters (one per filter when a field holds several). Empty filters and empty groups are
 * skipped.
 */
export function flattenWhereMulti(whereMulti: WhereMulti): Condition {
  return { kind: 'and', conditions: multiConditions(whereMulti) };
}

function multiConditions(map: Where | WhereMulti): Condition[] {
  const conditions: Condition[] = [];
  for (const [key, entry] of Object.entries(map)) {
    if (typeof entry === 'string') {
      if (entry !== '') {
        conditions.push({ kind: 'search', text: entry });
      }
      continue;
    }
    const filters = filtersOf(entry);
    if (filters !== undefined) {
      for (const filter of filters) {
        if (!isEmptyValue(filter.value)) {
          conditions.push({ kind: 'filter', field: key, filter });
        }
      }
    } else if (isPlainObject(entry)) {
      if (key === 'and' || key === 'or') {
        const nested = multiConditions(entry);
        if (nested.length > 0) {
          conditions.push({ kind: key, conditions: nested });
        }
      } else {
        conditions.push(...whereConditions(entry, `${key}.`));
      }
    }
  }
  return conditions;
}

function whereConditions(where: Where | WhereMulti, prefix: string): Condition[] {
  const found: Array<{ field: string; filter: Filter }> = [];
  collectFilters(where, prefix, found);
  return found
    .filter(({ filter }) => !isEmptyValue(filter.value))
    .map(({ field, filter }): Condition => ({ kind: 'filter', field, filter }));
}

/** The whole filter of a list query: one `and` of every where filter, then the whereMulti entries. */
export function toCondition(query: Pick<ListQuery, 'where' | 'whereMulti'>): Condition {
  return {
    kind: 'and',
    conditions: [...whereConditions(query.where, ''), ...multiConditions(query.whereMulti)],
  };
}
