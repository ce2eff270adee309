import { CHECK_STATUSES, QUEUE_FLAGS, type QueueFlag, REVIEW_QUEUE_LIST } from '@portal/contracts';
import { type Filter, isFilter, type ListQuery, type Where } from '@portal/list-query';
import { useCallback, useMemo } from 'react';
import { type TableParams, useTableParams } from '../../../table/use-table-params';
import type { QueueFlags } from '../reviews-api';
import { EVERY_STATUS } from './queue-links';

/** The list-language fields the queue's toolbar filters by (contracts REVIEW_QUEUE_LIST). */
export const QUEUE_FILTERS = ['status', 'orgType', 'country', 'submittedAt'] as const;

/** A queue holds the checks that were submitted (the open ones: queue-links.ts OPEN_STATUSES). */
export const QUEUE_STATUSES = CHECK_STATUSES.filter((status) => status !== 'NOT_SUBMITTED');

/**
 * The statuses a queue shows when the URL names none: the open ones (submitted or in review), the filter the
 * API applies then (contracts REVIEW_QUEUE_LIST defaultWhere). The toolbar shows them as its
 * status filter's choice; the URL stays clean for them.
 */
export const DEFAULT_QUEUE_STATUSES: readonly string[] = [REVIEW_QUEUE_LIST.defaultWhere?.status?.value ?? []]
  .flat()
  .map(String);

/**
 * The status filter's choice as the toolbar shows it: the URL's statuses, the default ones when the URL
 * names none, nothing (every status) when the URL keeps every status.
 */
export function shownStatuses(query: ListQuery): string[] {
  const filter = query.where.status;
  if (filter === undefined) return [...DEFAULT_QUEUE_STATUSES];
  return equalValues(query, 'status');
}

/** The status filter a choice writes: none for the default choice, every status for an empty one. */
export function statusFilter(values: readonly string[]): Filter | undefined {
  if (values.length === 0) return EVERY_STATUS;
  const same =
    values.length === DEFAULT_QUEUE_STATUSES.length &&
    values.every((value) => DEFAULT_QUEUE_STATUSES.includes(value));
  return same ? undefined : { type: 'equal', value: [...values] };
}

/** domain.md: oldest first, the order the API applies when the URL gives none. */
export const DEFAULT_QUEUE_ORDER: readonly string[] = REVIEW_QUEUE_LIST.defaultOrder;

const ON: Filter = { type: 'equal', value: 'true' };

/**
 * The queue's flags (contracts QUEUE_FLAGS) are not list filters: they travel as `assignedToMe=true`,
 * `overdue=true` beside the list query (useReviewQueue's `flags`). The table owns them all the same
 * (they are among its `filters`), so it reads and writes them with the rest of its URL state, sends the
 * page back to 1 when one changes, and keeps them out of the way of other params; here they are taken off
 * its list query again, so the API never gets them as list filters.
 */
export function splitFlags(query: ListQuery): { query: ListQuery; flags: QueueFlags } {
  const where: Where = { ...query.where };
  const flags: QueueFlags = {};
  for (const flag of QUEUE_FLAGS) {
    const filter = where[flag];
    delete where[flag];
    if (isFilter(filter) && filter.value === 'true') flags[flag] = true;
  }
  return { query: { ...query, where }, flags };
}

export interface QueueParams {
  /** The table's params (sort, page, filters, search), for the DataTable and the toolbar. */
  table: TableParams;
  /** The list query to send: the table's, without the flags. */
  query: ListQuery;
  flags: QueueFlags;
  setFlag: (flag: QueueFlag, on: boolean) => void;
}

/** Every key of the queue's URL state the table owns: its filters and the flags. */
export const QUEUE_SCOPE = { filters: [...QUEUE_FILTERS, ...QUEUE_FLAGS] };

/** One queue's state, all of it in the URL: the list language's sort, filters and search, and the flags. */
export function useQueueParams(limit?: number): QueueParams {
  const table = useTableParams({ ...QUEUE_SCOPE, limit, defaultOrder: DEFAULT_QUEUE_ORDER });
  const split = useMemo(() => splitFlags(table.query), [table.query]);
  const { setFilter } = table;
  const setFlag = useCallback(
    (flag: QueueFlag, on: boolean) => setFilter(flag, on ? ON : undefined),
    [setFilter],
  );
  return { table, query: split.query, flags: split.flags, setFlag };
}

/** The values of a field's equal filter: one value or a list in the URL (`status=A` or `status=A,B`). */
export function equalValues(query: ListQuery, field: string): string[] {
  const filter = query.where[field];
  if (!isFilter(filter) || filter.type !== 'equal') return [];
  return (Array.isArray(filter.value) ? filter.value : [filter.value]).map(String);
}
