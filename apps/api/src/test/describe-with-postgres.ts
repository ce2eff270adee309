import { describe } from 'vitest';

/**
 * A describe that needs a real PostgreSQL (DATABASE_URL, as CI's `npm run test:db` sets it): without one,
 * as on a fresh machine's `npm test`, it is skipped and its title says why.
 */
export function describeWithPostgres(name: string, body: () => void) {
  const url = process.env.DATABASE_URL;
  const title = url
    ? name
    : `${name} (skipped: needs PostgreSQL; set DATABASE_URL, as npm run test:db in CI)`;
  describe.skipIf(!url)(title, body);
}
