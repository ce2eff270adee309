import type { ReactNode } from 'react';

/**
 * What a column holds: it gives the column its minimum width, its alignment and how a long value shows
 *. Text, emails, dates and statuses stay on one line and end in an ellipsis, the full
 * value on hover and focus; numbers are right-aligned; actions wrap inside their row. A name (a company's,
 * a person's) is what a person reads a row by: it wraps onto a second line rather than being cut.
 */
export type ColumnKind = 'text' | 'name' | 'email' | 'date' | 'dateTime' | 'number' | 'status' | 'actions';

/** The minimum width of each kind: at most this narrow, then the table scrolls in its own box. */
export const KIND_MIN_WIDTHS: Readonly<Record<ColumnKind, string>> = {
  text: '9rem',
  // Two lines of it hold a long company name ("Gusikowski, Renner and Schmitt Pharma") at 14 px.
  name: '12rem',
  email: '12rem',
  date: '7.5rem',
  dateTime: '11rem',
  number: '5rem',
  status: '6rem',
  actions: '9rem',
};

/** One column of a DataTable. */
export interface Column<T> {
  /** Stable id (React key). A column whose id is 'actions' is of the kind actions unless it says otherwise. */
  id: string;
  /** Translation key of the header text (mark it with tk() where the columns are written). */
  header: string;
  /**
   * The list-query field(s) the column sorts by; absent for a column that does not sort. spec §4: a column
   * may cover several fields, all flipped together.
   */
  fields?: string | string[];
  cell: (row: T) => ReactNode;
  /** What the column holds ('text' by default): its minimum width, alignment and truncation follow. */
  kind?: ColumnKind;
  /**
   * The column's minimum width as a CSS length ('12rem'); the kind's by default. A percentage is no minimum:
   * it is ignored for the kind's width. When the table is wider, every column grows in proportion.
   */
  width?: string;
  /** 'end' by default for numbers, 'start' for the rest. */
  align?: 'start' | 'center' | 'end';
  /** The cell's content wraps onto more lines instead of ending in an ellipsis (a long description, a diff). */
  wrap?: boolean;
}

/** The column's kind: its own, else actions for the 'actions' column, else text. */
export function kindOf<T>(column: Column<T>): ColumnKind {
  return column.kind ?? (column.id === 'actions' ? 'actions' : 'text');
}

/** The column's minimum width: its own when a length, else its kind's. */
export function minWidthOf<T>(column: Column<T>): string {
  const own = column.width;
  return own !== undefined && !own.trim().endsWith('%') ? own : KIND_MIN_WIDTHS[kindOf(column)];
}

/** The column's alignment: its own, else 'end' for numbers, else 'start'. */
export function alignOf<T>(column: Column<T>): 'start' | 'center' | 'end' {
  return column.align ?? (kindOf(column) === 'number' ? 'end' : 'start');
}

/** Whether the column's cells keep to one line and end long values in an ellipsis (names and actions wrap). */
export function truncates<T>(column: Column<T>): boolean {
  const kind = kindOf(column);
  return !column.wrap && kind !== 'actions' && kind !== 'name';
}
