import { eventsApi, presenceApi } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { currentStanding, rolesStillHeld } from '../../accounts/user-standing.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/database-handle.js';
import { actorOf, callerOf } from '../../http/caller.js';
import { route } from '../../http/route.js';
import { startChangeFeed } from './change-feed.js';
import { ChangeHub } from './change-hub.js';
import { announcePresence, checkViewers, leavePresence } from './check-presence.js';
import { issueTicket, redeemTicket } from './event-tickets.js';
import { EVENTS_SWEEP_INTERVAL_MS, sweepEvents } from './events-sweep.js';
import { openStream } from './open-stream.js';

/**
 * Live updates, as @portal/contracts eventsApi and presenceApi declare them. This instance's
 * listener feeds its hub (change-feed.ts), which passes each change to the streams open here; the tables
 * are swept every few minutes; each stream's user is checked against the directory as often as the auth
 * plugin reads a standing (config STANDING_CHECK_MS, a minute): a disabled or revoked user, or one who lost
 * a role the stream was opened with, has their streams ended within that delay.
 */
export async function eventsRoutes(app: FastifyInstance, options: { database: Database; config: Config }) {
  const { database } = options;
  const { db } = database;
  const tags = ['events'];
  const hub = new ChangeHub({ streamsPerUser: options.config.eventsStreamsPerUser });
  const stopFeed = await startChangeFeed(database, hub, app.log);

  route(app, eventsApi.ticket, async ({ request }) => issueTicket(db, callerOf(request)), { tags });
  route(
    app,
    eventsApi.stream,
    async ({ query, request, reply }) => {
      const caller = await redeemTicket(db, query.ticket);
      const header = request.headers['last-event-id'];
      await openStream(db, hub, {
        caller,
        lastEventId: (Array.isArray(header) ? header[0] : header) || query.lastEvent,
        catchUpMs: query.catchUpMs,
        reply,
        heartbeatMs: options.config.eventsHeartbeatMs,
      });
      return reply;
    },
    // Written as it comes: compressing would hold events back in the compressor's buffer.
    { tags, compress: false },
  );

  route(app, presenceApi.viewers, async ({ params }) => checkViewers(db, params.id), { tags });
  route(
    app,
    presenceApi.announce,
    async ({ params, request }) => announcePresence(db, actorOf(request), params.id),
    {
      tags,
    },
  );
  route(
    app,
    presenceApi.leave,
    async ({ params, request }) => {
      await leavePresence(db, actorOf(request), params.id);
      return undefined;
    },
    { tags },
  );

  const sweep = setInterval(() => {
    sweepEvents(db).catch((error: unknown) => app.log.error({ err: error }, 'the events sweep failed'));
  }, EVENTS_SWEEP_INTERVAL_MS);
  // A browser's timers have no unref (the API in mock mode, in-browser/).
  sweep.unref?.();
  const standing = setInterval(() => {
    checkStandings(hub, db).catch((error: unknown) =>
      app.log.warn({ err: error }, 'checking the live streams users failed'),
    );
  }, options.config.standingCheckMs);
  standing.unref?.();

  // Before the server waits for its open requests to end: a stream would keep it waiting forever.
  app.addHook('preClose', async () => {
    clearInterval(sweep);
    clearInterval(standing);
    hub.endAll();
    await stopFeed();
  });
}

/**
 * Ends the streams of users the directory no longer lets in (disabled, revoked, removed) and those opened
 * with a role the user no longer holds: the SPA asks for a new ticket, which carries the roles of now.
 */
async function checkStandings(hub: ChangeHub, db: Database['db']): Promise<void> {
  const bySubject = new Map(hub.streams().map((stream) => [stream.caller.subject, stream.caller]));
  for (const [subject, caller] of bySubject) {
    const current = await currentStanding(db, { subject, email: caller.email ?? undefined });
    for (const stream of hub.streams()) {
      if (stream.caller.subject !== subject) continue;
      const { roles } = stream.caller;
      if (current.standing !== 'ok' || rolesStillHeld(roles, current.roles).length < roles.length)
        stream.end();
    }
  }
}
