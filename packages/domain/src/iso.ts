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
