import { type Filter, isFilter, type ListQuery } from '@portal/list-query';

const DAY_MS = 24 * 60 * 60 * 1000;

/** 'YYYY-MM-DD' of a filter's date (a date-only value is read back as UTC midnight). */
const day = (value: unknown): string =>
  value instanceof Date && !Number.isNaN(value.getTime()) ? value.toISOString().slice(0, 10) : '';

/**
 * A date field's range as a list's date inputs show it (both days included). In the URL the end is
 * exclusive, the next day (`submittedAt.gte=2026-03-01&submittedAt.lt=2026-04-01`), so "until 31 March"
 * keeps that whole day.
 */
export function dateRange(query: ListQuery, field: string): { from: string; until: string } {
  const entry = query.where[field];
  const filters = Array.isArray(entry) ? entry : isFilter(entry) ? [entry] : [];
  const from = filters.find((filter) => filter.type === 'gte')?.value;
  const before = filters.find((filter) => filter.type === 'lt')?.value;
  return {
    from: day(from),
    until: before instanceof Date ? day(new Date(before.getTime() - DAY_MS)) : '',
  };
}

/** The filters of a range of 'YYYY-MM-DD' days (either may be empty), or undefined for none. */
export function rangeFilter(from: string, until: string): Filter[] | undefined {
  const start = from ? new Date(`${from}T00:00:00Z`) : null;
  const end = until ? new Date(new Date(`${until}T00:00:00Z`).getTime() + DAY_MS) : null;
  const filters: Filter[] = [
    ...(start && !Number.isNaN(start.getTime()) ? [{ type: 'gte' as const, value: start }] : []),
    ...(end && !Number.isNaN(end.getTime()) ? [{ type: 'lt' as const, value: end }] : []),
  ];
  return filters.length > 0 ? filters : undefined;
}
