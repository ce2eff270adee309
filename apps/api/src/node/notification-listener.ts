import pg from 'pg';
import type { Notifications, StopListening } from '../db/database-handle.js';

/** The first retry's wait after a lost connection; doubled per failure up to RETRY_MAX_MS. */
const RETRY_MIN_MS = 250;
const RETRY_MAX_MS = 10_000;
/**
 * A connection that silently died (a dropped network, a failover) never says so: a ping this often finds it,
 * as the TCP keep-alive would only after minutes.
 */
const PING_INTERVAL_MS = 15_000;

/**
 * LISTEN on PostgreSQL through a connection of its own, outside the pool (a pooled connection goes back to
 * other work; a LISTEN stays with the session). Lost, it reconnects with backoff and says so (`onResume`),
 * so the caller can read again what it missed. Resolves once listening, or once the first attempt failed
 * (the retries go on): an API instance starts even while its database is briefly away.
 */
export async function listenOnPostgres(
  connectionString: string,
  channel: string,
  notifications: Notifications,
): Promise<StopListening> {
  let client: pg.Client | undefined;
  let stopped = false;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;
  let ping: NodeJS.Timeout | undefined;

  const drop = (connection: pg.Client, error: Error) => {
    if (client !== connection) return; // an older connection's late error
    client = undefined;
    clearInterval(ping);
    connection.removeAllListeners('notification');
    connection.end().catch(() => undefined);
    if (stopped) return;
    notifications.onError?.(error);
    failures += 1;
    const wait = Math.min(RETRY_MAX_MS, RETRY_MIN_MS * 2 ** (failures - 1));
    // Jitter, so instances that lost the same server do not all come back in the same instant.
    retry = setTimeout(() => void connect(true), wait * (0.5 + Math.random() / 2));
  };

  async function connect(resuming: boolean): Promise<void> {
    if (stopped) return;
    // Named, so an operator (and the test) can tell it from the pool's connections in pg_stat_activity.
    const connection = new pg.Client({
      connectionString,
      keepAlive: true,
      application_name: `${channel} listener`.slice(0, 63),
    });
    client = connection;
    // Without a listener, an 'error' event ends the process (node/database.ts says why).
    connection.on('error', (error) => drop(connection, error));
    connection.on('end', () => drop(connection, new Error('The listening connection ended')));
    connection.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined)
        notifications.onPayload(message.payload);
    });
    try {
      await connection.connect();
      await connection.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      drop(connection, error instanceof Error ? error : new Error(String(error)));
      return;
    }
    if (stopped) {
      await connection.end().catch(() => undefined);
      return;
    }
    failures = 0;
    ping = setInterval(() => {
      connection.query('select 1').catch((error: Error) => drop(connection, error));
    }, PING_INTERVAL_MS);
    ping.unref();
    if (resuming) notifications.onResume?.();
  }

  await connect(false);
  return async () => {
    stopped = true;
    clearTimeout(retry);
    clearInterval(ping);
    const connection = client;
    client = undefined;
    await connection?.end().catch(() => undefined);
  };
}
