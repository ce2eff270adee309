/**
 * A timestamp as the contracts answer it: an ISO 8601 string in UTC. A database driver gives a Date (pg and
 * PGlite both do), a stored JSON value a string; null stays null.
 */
export function iso(value: Date | string): string;
export function iso(value: Date | string | null): string | null;
export function iso(value: Date | string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}
