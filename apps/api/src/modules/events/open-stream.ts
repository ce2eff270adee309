import type { ChangeEvent } from '@portal/contracts';
import type { FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { ApiError } from '../../http/api-error.js';
import type { ChangeHub } from './change-hub.js';
import { changesAfter, changesWithin, latestChangeId, type ReplayScope } from './change-replay.js';
import { type StreamCaller, seesActors } from './event-access.js';
import { EventStream } from './event-stream.js';
import { ChangeFrames, markFrame } from './stream-frames.js';

/** An id the change_events table could hold (what Last-Event-ID may say; anything else names none). */
const EVENT_ID = /^\d{1,18}$/;

export interface StreamRequest {
  caller: StreamCaller;
  /** The Last-Event-ID header (an EventSource's own reconnect), else the query's `lastEvent`, if any. */
  lastEventId: string | undefined;
  /** Without one, how far back a page's first stream catches up (contracts eventStreamQuery). */
  catchUpMs: number | undefined;
  reply: FastifyReply;
  heartbeatMs: number;
}

/** What a caller's replay reads: every company's changes, or their own company's only. */
const scopeOf = (caller: StreamCaller): ReplayScope | null => {
  if (seesActors(caller)) return 'all';
  return caller.organisationId ? { organisationId: caller.organisationId } : null;
};

/** What the stream replays before `ready`: after the last event, or the page's age back; null: nothing. */
async function missedBy(
  db: Kysely<DB>,
  caller: StreamCaller,
  { lastEventId, catchUpMs }: StreamRequest,
): Promise<ChangeEvent[] | 'gone' | null> {
  const scope = scopeOf(caller);
  if (lastEventId !== undefined) {
    if (!EVENT_ID.test(lastEventId)) return 'gone';
    return scope ? changesAfter(db, lastEventId, scope) : [];
  }
  if (catchUpMs !== undefined) return scope ? changesWithin(db, catchUpMs, scope) : [];
  return null;
}

/**
 * GET /api/events once its ticket is redeemed: refused past the per-user limit (429, before anything is
 * written), else the stream opens and joins the hub at once (changes heard from now on wait in its queue),
 * replays what the caller missed since Last-Event-ID (or, for a page's first stream, while the page read its
 * data), or sends `reset` when that cannot be done, then `ready`
 * and the queued changes, and from then on every change as it is heard.
 */
export async function openStream(db: Kysely<DB>, hub: ChangeHub, request: StreamRequest): Promise<void> {
  const { caller, reply, heartbeatMs } = request;
  if (!hub.hasRoomFor(caller.subject)) {
    throw new ApiError(
      429,
      'TOO_MANY_REQUESTS',
      'Too many live update streams are open for this user: close a tab of the portal and try again',
    );
  }
  reply.hijack();
  const stream = new EventStream(caller, reply.raw, {
    heartbeatMs,
    onEnd: (ended) => hub.remove(ended),
    schedule: hub.schedule,
  });
  hub.add(stream);
  stream.open(reply.getHeaders());
  try {
    let last = await latestChangeId(db);
    const missed = await missedBy(db, caller, request);
    if (missed !== null) {
      if (missed === 'gone') {
        stream.send(markFrame('reset', { lastEventId: last }));
      } else {
        for (const change of missed) {
          stream.replayed(new ChangeFrames(change));
          if (last === null || BigInt(change.id) > BigInt(last)) last = change.id;
        }
      }
    }
    stream.send(markFrame('ready', { lastEventId: last }));
    stream.live();
    // The replay and `ready` go out now, not at the hub's next flush.
    stream.flush();
  } catch (error) {
    // The replay's database failed: the browser reconnects and resumes from what it has.
    reply.log.warn({ err: error }, 'opening a live event stream failed');
    stream.end();
  }
}
