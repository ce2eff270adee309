import { type Condition, type ListQuery, parseListQuery, toCondition } from '@portal/list-query';
import { badRequest } from '../http/api-error.js';

/**
 * How a field filters. textArray is a text[] column: equal means "has all of the given values" and not
 * "does not have them all"; it takes no other operator and is never a sort key.
 */
export type ListFieldType = 'text' | 'integer' | 'date' | 'boolean' | 'enum' | 'textArray';

/** One field a list endpoint exposes: the column it maps to, and what callers may do with it. */
export interface ListField {
  /** The SQL column (camelCase; the database plugin snake-cases it). */
  column: string;
  type: ListFieldType;
  /** For enum fields: the accepted values; for textArray fields, the accepted elements when given. */
  values?: readonly string[];
  filterable?: boolean;
  sortable?: boolean;
}

/** What a list endpoint declares: its fields (by their public, possibly dotted, names) and free text. */
export interface ListResource {
  fields: Record<string, ListField>;
  /** Columns that free text (the `search` key) matches, case-insensitively anywhere in the value. */
  searchColumns: readonly string[];
  /** The order when the caller gives none. */
  defaultOrder: readonly string[];
  /** A unique column appended to every order, so pages never overlap or skip rows. */
  tieBreaker: string;
  maxLimit: number;
}

export interface SortKey {
  column: string;
  direction: 'asc' | 'desc';
}

export interface ListRequest {
  page: number;
  limit: number;
  order: SortKey[];
  condition: Condition;
}

/** Parses query params (spec §7) and checks every field, operator and order key against the resource. */
export function parseListRequest(
  params: Record<string, string | string[] | undefined>,
  resource: ListResource,
): ListRequest {
  const parsed = parseListQuery(params);
  if (!parsed.ok) throw badRequest(parsed.error.code, parsed.error.message);
  const query: ListQuery = parsed.value;
  if (query.limit > resource.maxLimit) {
    throw badRequest('INVALID_LIMIT', `limit must be at most ${resource.maxLimit}`);
  }
  const condition = toCondition(query);
  checkCondition(condition, resource);
  const orderKeys = query.order.length > 0 ? query.order : resource.defaultOrder;
  return { page: query.page, limit: query.limit, order: toSortKeys(orderKeys, resource), condition };
}

function toSortKeys(keys: readonly string[], resource: ListResource): SortKey[] {
  const sortKeys = keys.map((key): SortKey => {
    const name = key.startsWith('-') ? key.slice(1) : key;
    const field = resource.fields[name];
    if (!field || field.sortable === false || field.type === 'textArray') {
      throw badRequest('INVALID_ORDER', `Cannot sort by '${name}'`);
    }
    return { column: field.column, direction: key.startsWith('-') ? 'desc' : 'asc' };
  });
  if (!sortKeys.some((key) => key.column === resource.tieBreaker)) {
    sortKeys.push({ column: resource.tieBreaker, direction: 'asc' });
  }
  return sortKeys;
}

const TEXT_ONLY_TYPES = new Set(['starts', 'ends', 'contains']);
const ORDERED_TYPES = new Set(['gt', 'gte', 'lt', 'lte']);
const ARRAY_TYPES = new Set(['equal', 'like', 'not']);

function checkCondition(condition: Condition, resource: ListResource): void {
  switch (condition.kind) {
    case 'and':
    case 'or':
      for (const child of condition.conditions) checkCondition(child, resource);
      return;
    case 'search':
      if (resource.searchColumns.length === 0) {
        throw badRequest('INVALID_KEY', 'This list has no free-text search');
      }
      return;
    case 'filter': {
      const field = resource.fields[condition.field];
      if (!field || field.filterable === false) {
        throw badRequest('UNKNOWN_FIELD', `Cannot filter by '${condition.field}'`);
      }
      const { type } = condition.filter;
      const allowed =
        (!TEXT_ONLY_TYPES.has(type) || field.type === 'text') &&
        (!ORDERED_TYPES.has(type) || (field.type !== 'boolean' && field.type !== 'enum')) &&
        (field.type !== 'textArray' || ARRAY_TYPES.has(type));
      if (!allowed) {
        throw badRequest('INVALID_FILTER_TYPE', `'${condition.field}' does not take the filter '${type}'`);
      }
      return;
    }
  }
}
