import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.js';

/** How long a change stays replayable (Last-Event-ID): a browser away longer is sent a `reset`. */
export const CHANGE_WINDOW_MS = 24 * 60 * 60_000;
/** At most about this many changes are kept, however many a day brings (ids have gaps: about). */
export const CHANGE_WINDOW_ROWS = 100_000;
/** How often each instance sweeps; every instance does, and a pass finding nothing to delete is cheap. */
export const EVENTS_SWEEP_INTERVAL_MS = 5 * 60_000;

export interface EventsSweepCounts {
  changes: number;
  tickets: number;
  presence: number;
}

/**
 * Keeps the live updates' tables small ("a bounded replay from a small events table"):
 * the changes older than the window or beyond its rows, the tickets past their expiry (used ones are
 * deleted when used) and the presences that ran out.
 */
export async function sweepEvents(db: Kysely<DB>, now = new Date()): Promise<EventsSweepCounts> {
  const changes = await db
    .deleteFrom('changeEvents')
    .where((eb) =>
      eb.or([
        eb('at', '<', new Date(now.getTime() - CHANGE_WINDOW_MS)),
        eb('id', '<=', sql<string>`(select max(id) from change_events) - ${CHANGE_WINDOW_ROWS}`),
      ]),
    )
    .executeTakeFirst();
  const tickets = await db.deleteFrom('eventTickets').where('expiresAt', '<', now).executeTakeFirst();
  const presence = await db.deleteFrom('checkPresence').where('expiresAt', '<', now).executeTakeFirst();
  return {
    changes: Number(changes.numDeletedRows),
    tickets: Number(tickets.numDeletedRows),
    presence: Number(presence.numDeletedRows),
  };
}
