import type { ReactNode } from 'react';

/** One column of a DataTable. */
export interface Column<T> {
  /** Stable id (React key). */
  id: string;
  /** Translation key of the header text (mark it with tk() where the columns are written). */
  header: string;
  /**
   * The list-query field(s) the column sorts by; absent for a column that does not sort. spec §4: a column
   * may cover several fields, all flipped together.
   */
  fields?: string | string[];
  cell: (row: T) => ReactNode;
  /** A CSS width ('12rem', '20%'); the table lays out its columns from these (table-layout: fixed). */
  width?: string;
  align?: 'start' | 'center' | 'end';
}
