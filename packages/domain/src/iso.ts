/**
 * A timestamp as the contracts answer it: an ISO 8601 string in UTC. A database driver gives a Date (pg and
 * PGlite both do), a stored JSON value a string; null stays null.
 */
export function iso(value: Date | string): string;
export function iso(value: Date | string | null): string | null;
export function iso(value: Date | string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}

/** The reverse: a stored timestamp (a Date, or an ISO string kept in JSON) as a Date; null stays null. */
export function dateOf(value: Date | string): Date;
export function dateOf(value: Date | string | null): Date | null;
export function dateOf(value: Date | string | null): Date | null {
  return value === null ? null : new Date(value);
}

/** A row's columns with each Date as its ISO string. */
export type IsoDates<Row> = { [K in keyof Row]: IsoOf<Row[K]> };
/** One column's type with Date as string (distributes over a union: Date | null reads string | null). */
type IsoOf<Value> = Value extends Date ? string : Value;

/**
 * A whole row's timestamps as the contracts answer them, converted once instead of column by column: the
 * API's rows (pg and PGlite give Dates) become their answers.
 */
export function isoDates<Row extends object>(row: Row): IsoDates<Row> {
  const entries = Object.entries(row).map(([key, value]) => [
    key,
    value instanceof Date ? value.toISOString() : value,
  ]);
  return Object.fromEntries(entries) as IsoDates<Row>;
}
