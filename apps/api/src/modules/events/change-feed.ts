import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { CHANGES_CHANNEL } from '../../changes/publish-change.js';
import type { Database, StopListening } from '../../db/database-handle.js';
import type { ChangeHub } from './change-hub.js';
import { parseNotification } from './change-notifications.js';
import { changesAfter, latestChangeId } from './change-replay.js';

/**
 * "Each API instance holds one LISTEN connection (reconnecting with backoff), so an event
 * written through one instance reaches the browsers connected to every instance." This instance's one
 * listener (node/notification-listener.ts: a pg client of its own, or PGlite's listen) feeds the hub. Only
 * this database schema's notifications count: a channel is the whole database's. When the listener comes
 * back after losing its connection, the changes written meanwhile are read from the table and passed on.
 */
export async function startChangeFeed(
  database: Database,
  hub: ChangeHub,
  log: FastifyBaseLogger,
): Promise<StopListening> {
  const { db } = database;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema;
  let lastHeard = await latestChangeId(db);

  const catchUp = async () => {
    const missed = await changesAfter(db, lastHeard, 'all');
    if (missed === 'gone') {
      // Too much was missed to pass on one by one: the streams end, and each browser resumes from its own
      // Last-Event-ID (a replay, or a reset telling it to refetch).
      hub.endAll();
      return;
    }
    for (const change of missed) hub.change(change);
    if (missed.length > 0) lastHeard = missed[missed.length - 1]?.id ?? lastHeard;
  };

  return database.listen(CHANGES_CHANNEL, {
    onPayload: (payload) => {
      const notification = parseNotification(payload);
      if (!notification || notification.schema !== schema) return;
      if (notification.type === 'presence') {
        hub.presence(notification.presence);
        return;
      }
      const { change } = notification;
      if (lastHeard === null || BigInt(change.id) > BigInt(lastHeard)) lastHeard = change.id;
      hub.change(change);
    },
    onResume: () => {
      log.info('the change events listener is back; passing on what was written meanwhile');
      catchUp().catch((error: unknown) => {
        log.warn({ err: error }, 'reading the missed change events failed; ending the streams');
        hub.endAll();
      });
    },
    onError: (error) => log.warn({ err: error }, 'the change events listener lost its connection; retrying'),
  });
}
