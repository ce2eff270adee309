import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithPostgres } from '../test/describe-with-postgres.js';
import { waitFor } from '../test/wait-for.js';
import { type Database, openDatabase } from './database.js';

// "Each API instance holds one LISTEN connection (reconnecting with backoff)". The
// listener hears NOTIFYs from any connection, and when the server ends its connection it comes back by
// itself and says so, so the missed changes can be read again. PGlite's is covered by the events suites.

describeWithPostgres('the PostgreSQL LISTEN connection', () => {
  const url = process.env.DATABASE_URL ?? '';
  // A channel of this run's own: the test files share the server, and a channel is the whole database's.
  const channel = `test_${randomBytes(5).toString('hex')}`;
  let database: Database;
  let admin: pg.Client;

  beforeAll(async () => {
    database = await openDatabase({ databaseUrl: url, poolSize: 2 });
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await database?.close();
  });

  const notify = (payload: string) => admin.query('select pg_notify($1, $2)', [channel, payload]);

  it('hears notifications, comes back after the server ends its connection, and says it resumed', async () => {
    const heard: string[] = [];
    let resumed = 0;
    const errors: Error[] = [];
    const stop = await database.listen(channel, {
      onPayload: (payload) => heard.push(payload),
      onResume: () => {
        resumed += 1;
      },
      onError: (error) => errors.push(error),
    });
    await notify('one');
    await waitFor('the first notification', () => heard.includes('one'), 2_000);

    // A failover, a restart, an administrator: the server ends the listening session.
    const { rowCount } = await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1',
      [`${channel} listener`],
    );
    expect(rowCount).toBe(1);
    await waitFor('the listener to come back', () => resumed === 1, 5_000);
    expect(errors.length).toBeGreaterThan(0);
    await notify('two');
    await waitFor('a notification after the reconnection', () => heard.includes('two'), 2_000);

    await stop();
    await notify('three');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heard).toEqual(['one', 'two']);
    const left = await admin.query(
      'select count(*)::int as n from pg_stat_activity where application_name = $1',
      [`${channel} listener`],
    );
    expect(left.rows[0]).toEqual({ n: 0 });
  });
});
