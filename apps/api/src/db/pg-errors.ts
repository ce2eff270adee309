/** SQLSTATE codes the repositories turn into clean 409 answers instead of a 500. */
export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';

/**
 * Whether an error is PostgreSQL's `sqlState` on the named constraint (or index). pg and PGlite both throw
 * errors carrying the server's `code` and `constraint` fields.
 */
export function violates(error: unknown, sqlState: string, constraint?: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, constraint: name } = error as { code?: unknown; constraint?: unknown };
  return code === sqlState && (constraint === undefined || name === constraint);
}
