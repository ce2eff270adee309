export { type InMemoryListResult, type ListPage, readPath, runInMemoryList } from './in-memory-list.js';
export {
  createListQuery,
  DEFAULT_LIMIT,
  DEFAULT_PAGE,
  flattenWhere,
  flattenWhereMulti,
  isFilter,
  isFilterType,
  SEARCH_KEY,
  toCondition,
} from './list-query.js';
export {
  type CheckedCondition,
  type CheckedListRequest,
  type CheckedSortKey,
  type CheckListResult,
  checkListRequest,
  columnOf,
  type ListField,
  type ListFieldType,
  type ListRequestError,
  type ListResource,
  type ListValue,
} from './list-resource.js';
export {
  fromQueryParams,
  isDateInRange,
  MAX_GROUP_DEPTH,
  parseDateLike,
  parseListQuery,
  parseScalar,
} from './query-params.js';
export { escapeValueText, formatDate, stringifyListQuery, toQueryParams } from './query-params-write.js';
export { applySort, getSortDirection, getSortIndex, toggleOrder } from './sort.js';
export {
  COMBINATORS,
  type Combinator,
  type Condition,
  FILTER_TYPES,
  type Filter,
  type FilterType,
  type FilterValue,
  LIST_QUERY_ERROR_CODES,
  type ListQuery,
  type ListQueryError,
  type ListQueryErrorCode,
  type ParseResult,
  type QueryParams,
  type QueryParamsInput,
  type Scalar,
  type SortDirection,
  type Where,
  type WhereMulti,
} from './types.js';
