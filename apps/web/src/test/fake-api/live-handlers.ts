import { type CheckViewers, eventsApi, PRESENCE_TTL_MS, presenceApi } from '@portal/contracts';
import type { HttpHandler } from 'msw';
import { quietStream } from '../../mock/mock-mode';
import { apiError, callerOf, type MockContext, mockRoute } from './mock-http';

/** How long a ticket holds, as at the API (apps/api modules/events event-tickets.ts). */
const TICKET_MS = 60_000;

/**
 * Issue 25 in mock mode: a ticket (single use) opens a stream that says `ready` and nothing after, so the
 * SPA runs as with the API and no call fails. Presence is kept for the tab's own viewer, in memory: a tab
 * is one demo user, so nobody else is ever viewing, as with one reviewer at the API.
 */
export function liveHandlers(context: MockContext): HttpHandler[] {
  const tickets = new Set<string>();
  /** checkId → viewer → their presence. */
  const presence = new Map<string, Map<string, CheckViewers['viewers'][number]>>();
  const viewersOf = (checkId: string): CheckViewers => {
    const now = context.now().getTime();
    const live = [...(presence.get(checkId)?.values() ?? [])].filter(
      (viewer) => Date.parse(viewer.expiresAt) > now,
    );
    return { viewers: live.sort((a, b) => a.viewer.localeCompare(b.viewer)) };
  };
  const known = (checkId: string) => context.db.checks.some((check) => check.id === checkId);
  const noCheck = (checkId: string) => apiError(404, 'NOT_FOUND', `No check ${checkId}`);

  return [
    mockRoute(context, eventsApi.ticket, async () => {
      const ticket = `mock-ticket-${context.newId()}`;
      tickets.add(ticket);
      return { ticket, expiresAt: new Date(context.now().getTime() + TICKET_MS).toISOString() };
    }),
    mockRoute(context, eventsApi.stream, async ({ query }) =>
      tickets.delete(query.ticket)
        ? quietStream()
        : apiError(401, 'UNAUTHORIZED', 'This ticket is unknown, used or expired: take a new one'),
    ),
    mockRoute(context, presenceApi.viewers, async ({ params }) =>
      known(params.id) ? viewersOf(params.id) : noCheck(params.id),
    ),
    mockRoute(context, presenceApi.announce, async ({ params, request }) => {
      const caller = callerOf(context, request);
      if (!known(params.id)) return noCheck(params.id);
      if (caller) {
        const viewers = presence.get(params.id) ?? new Map();
        const expiresAt = new Date(context.now().getTime() + PRESENCE_TTL_MS).toISOString();
        viewers.set(caller.email, { viewer: caller.email, viewerName: caller.displayName, expiresAt });
        presence.set(params.id, viewers);
      }
      return viewersOf(params.id);
    }),
    mockRoute(context, presenceApi.leave, async ({ params, request }) => {
      const caller = callerOf(context, request);
      if (!known(params.id)) return noCheck(params.id);
      if (caller) presence.get(params.id)?.delete(caller.email);
      return undefined;
    }),
  ];
}
