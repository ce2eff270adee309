import pg from 'pg';

/**
 * With DATABASE_URL set (CI's PostgreSQL run), the suites need that server: fail at once with a clear
 * message when it cannot be reached, and install pg_trgm in public once, before the files run in
 * parallel (each in its own schema, see test-database.ts).
 */
export async function setup() {
  const url = process.env.DATABASE_URL;
  if (!url) return;
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(`PostgreSQL cannot be reached at ${url}: ${(error as Error).message}`);
  }
  try {
    await client.query('create extension if not exists pg_trgm schema public');
  } finally {
    await client.end();
  }
}
