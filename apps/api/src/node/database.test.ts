import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { isServiceUnavailable } from '../http/service-unavailable.js';
import { describeWithPostgres } from '../test/describe-with-postgres.js';
import { createScratchSchema, type ScratchSchema } from '../test/test-database.js';
import { waitFor } from '../test/wait-for.js';
import { type Database, openDatabase } from './database.js';

const DATABASE_URL = process.env.DATABASE_URL;

// A pooled connection the server ends while no request holds it (a restart, a failover) makes pg-pool emit
// 'error'; without a listener Node throws it and the API process ends (it must recover instead).
describeWithPostgres('the PostgreSQL pool when the server ends a connection', () => {
  let schema: ScratchSchema;
  let database: Database;
  const reported: Error[] = [];

  beforeAll(async () => {
    schema = await createScratchSchema(DATABASE_URL ?? '');
    database = await openDatabase({
      databaseUrl: schema.url,
      poolSize: 2,
      onConnectionError: (error) => reported.push(error),
    });
  });
  afterAll(async () => {
    await database?.close();
    await schema?.drop();
  });

  const terminate = async (pid: number | undefined) => {
    const admin = new pg.Client({ connectionString: DATABASE_URL });
    await admin.connect();
    await admin.query('select pg_terminate_backend($1)', [pid]);
    await admin.end();
  };

  it('idle in the pool: reports it to onConnectionError, and the next query opens another connection', async () => {
    // The pool's one open connection, idle once the query is done.
    const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(database.db);
    const pid = rows[0]?.pid;
    await terminate(pid);
    await waitFor('the pool told of the ended connection', () => reported.length > 0, 5_000);
    expect(reported[0]?.message).toMatch(/terminating connection/);
    const after = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(database.db);
    expect(after.rows[0]?.pid).not.toBe(pid);
  });

  it('checked out between two queries of a transaction: the transaction fails as unavailable, the process lives on', async () => {
    reported.length = 0;
    const transaction = database.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
      await terminate(rows[0]?.pid);
      // The client is held and idle here: the server's goodbye arrives as an 'error' event, no query to fail.
      await waitFor('the client told of the ended connection', () => reported.length > 0, 5_000);
      await sql`select 1`.execute(trx);
    });
    const failure = await transaction.then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(isServiceUnavailable(failure)).toBe(true);
    const after = await sql<{ one: number }>`select 1 as one`.execute(database.db);
    expect(after.rows).toEqual([{ one: 1 }]);
  });
});
