import { CHECK_TYPES } from '@portal/domain';
import { z } from 'zod/mini';
import { endpoint, idParams, roles } from './endpoint.js';
import { isoDateTime } from './fields.js';

/**
 * Live updates. Every write the reviewers and the companies make to a check, an application, a
 * session token, a test run or a stage records one change event in its own transaction, which every API
 * instance hears (PostgreSQL LISTEN/NOTIFY) and passes on to the browsers connected to it, each receiving
 * only what it may read. The browser opens `GET /api/events?ticket=…` with an EventSource: the bearer token
 * cannot travel in an EventSource's headers, so it first takes a short-lived, single-use ticket from
 * `POST /api/events/tickets`.
 *
 * The stream's events (the SSE `event:` names, STREAM_EVENTS), each with JSON data:
 * - `change`, with an `id:` (the SSE event id): a ChangeEvent. A hint to refetch what it names, never the
 *   data itself; the same event may come twice (after a reconnect), never out of the caller's sight.
 * - `presence`, no id: a PresenceEvent (reviewers only): who opened or left a check.
 * - `ready`, with an `id:`: the stream is open and every event up to `lastEventId` was sent (replayed).
 * - `reset`, with an `id:`: the events since the caller's Last-Event-ID are no longer kept (or it names
 *   none of them): refetch everything, then carry on from this id.
 * A comment line (`: heartbeat`) every 15 s keeps proxies from closing an idle stream.
 */

/** What a change event names: the row whose version it gives. */
export const CHANGE_KINDS = ['check', 'application', 'sessionToken', 'testRun', 'stage'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

/** The actions of a session token's events (the check's are packages/domain CHECK_ACTIONS and BILLING_ACTIONS). */
export const SESSION_TOKEN_CHANGES = ['REQUEST', 'ISSUE', 'CANCEL', 'REVEAL'] as const;
/** The actions of a test run's events: one run typed, or a CSV's runs for one company. */
export const TEST_RUN_CHANGES = ['ADD', 'IMPORT'] as const;
/** The actions of an application's events: the company's saves that are no check transition. */
export const APPLICATION_CHANGES = [
  'SAVE_LEGITIMACY_DRAFT',
  'SAVE_CONTRACTUAL_DRAFT',
  'SAVE_FINANCIAL_DRAFT',
  'UPDATE_MAH_REGISTER',
  'INVITE_SPOC_ASSISTANT',
  'REMOVE_SPOC_ASSISTANT',
  'SET_ACCESS',
  'CHOOSE_GATEWAY',
] as const;
export type ApplicationChange = (typeof APPLICATION_CHANGES)[number];

/**
 * A check's events that are the reviewers' own work, not the company's business: an assignment (taken,
 * handed to a colleague, left) and an internal note (version null: the check itself did not change). The
 * stream never sends them to a company's user (apps/api modules/events/event-access.ts); no event carries
 * a note's text.
 */
export const REVIEWER_ONLY_CHANGES = ['TAKE_CHECK', 'ASSIGN_CHECK', 'UNASSIGN_CHECK', 'ADD_NOTE'] as const;
export const isReviewerOnlyChange = (change: { kind: string; action: string }): boolean =>
  change.kind === 'check' && (REVIEWER_ONLY_CHANGES as readonly string[]).includes(change.action);

/**
 * One change, as the stream's `change` event carries it. By kind:
 * - `check`: a check's transition or billing step (entityId the check, version the check's, checkType set);
 *   action one of CHECK_ACTIONS (SUBMIT is the company's submission of a step) or BILLING_ACTIONS; or the
 *   reviewers' own work on it (REVIEWER_ONLY_CHANGES: an assignment, a note with version null).
 * - `application`: a company saved its application without a check transition (a draft, its people, its
 *   MAH register, its gateway): entityId and organisationId the organisation, version the organisation's;
 *   action one of APPLICATION_CHANGES.
 * - `sessionToken`: requested by the company, issued or cancelled by a reviewer, revealed by the company
 *   (SESSION_TOKEN_CHANGES); version the token's.
 * - `testRun`: a run typed (entityId the run) or a CSV import's runs of one company (entityId the import,
 *   one event per company); version null.
 * - `stage`: a reviewer moved the company's stage (packages/domain STAGE_MOVES); entityId the
 *   organisation, version the organisation's.
 */
export const changeEventSchema = z.object({
  /** The SSE event id, also the `Last-Event-ID` to resume from: increasing, as decimal text. */
  id: z.string(),
  kind: z.enum(CHANGE_KINDS),
  action: z.string(),
  entityId: z.uuid(),
  organisationId: z.nullable(z.uuid()),
  /** The row's version after the change: a screen holding it already has nothing to refetch. */
  version: z.nullable(z.int()),
  checkType: z.nullable(z.enum(CHECK_TYPES)),
  /**
   * Who changed it (the token's email, else its subject) and their display name. Null in what a company
   * receives: its screens never name a reviewer (onboarding shows a decision, not who took it).
   */
  actor: z.nullable(z.string()),
  actorName: z.nullable(z.string()),
  at: isoDateTime,
});
export type ChangeEvent = z.infer<typeof changeEventSchema>;

/** A reviewer opened (`viewing`, renewed every PRESENCE_RENEW_MS) or left a check. */
export const presenceEventSchema = z.object({
  checkId: z.uuid(),
  organisationId: z.uuid(),
  viewer: z.string(),
  viewerName: z.string(),
  state: z.enum(['viewing', 'left']),
  /** Until when `viewing` holds without a renewal; null for `left`. */
  expiresAt: z.nullable(isoDateTime),
});
export type PresenceEvent = z.infer<typeof presenceEventSchema>;

/** The data of `ready` and `reset`: the id the stream carries on from (null: no change recorded yet). */
export const streamMarkSchema = z.object({ lastEventId: z.nullable(z.string()) });
export type StreamMark = z.infer<typeof streamMarkSchema>;

/** The SSE event names of GET /api/events. */
export const STREAM_EVENTS = {
  change: 'change',
  presence: 'presence',
  ready: 'ready',
  reset: 'reset',
} as const;

/** How often the SPA renews a check's presence while it is open (the API keeps it PRESENCE_TTL_MS). */
export const PRESENCE_RENEW_MS = 20_000;
/** How long a presence holds without renewal: two renewals may be missed before a reviewer is gone. */
export const PRESENCE_TTL_MS = 45_000;

/** POST /api/events/tickets: a ticket for one GET /api/events, valid for `expiresAt` and used once. */
export const eventTicketSchema = z.object({ ticket: z.string(), expiresAt: isoDateTime });
export type EventTicket = z.infer<typeof eventTicketSchema>;

/**
 * GET /api/events' query. `lastEvent` is the Last-Event-ID of a stream opened anew: a new EventSource
 * cannot set the header (its own reconnects do; the header wins when both come). A page's first stream has
 * no event to resume after, yet the page read its data before the stream opened (a second or more on a busy
 * phone): `catchUpMs` asks for the changes of that many milliseconds back (the page's age), so a change
 * made meanwhile is not lost. Beyond what the API keeps, the stream starts with `reset`.
 */
export const eventStreamQuery = z.object({
  ticket: z.string().check(z.minLength(1), z.maxLength(200)),
  lastEvent: z.optional(z.string().check(z.regex(/^\d{1,18}$/))),
  catchUpMs: z.optional(z.coerce.number().check(z.int(), z.minimum(0))),
});
/** Where a new stream starts: after the last event seen, or the changes of the page's age back. */
export type StreamStart = { lastEvent: string } | { catchUpMs: number };

/** The reviewers with a check open right now, the caller among them when they announced themselves. */
export const checkViewersSchema = z.object({
  viewers: z.array(z.object({ viewer: z.string(), viewerName: z.string(), expiresAt: isoDateTime })),
});
export type CheckViewers = z.infer<typeof checkViewersSchema>;

export const eventsApi = {
  ticket: endpoint({
    method: 'POST',
    path: '/api/events/tickets',
    access: roles('ADMIN', 'EMVO', 'EXTERNAL'),
    summary: 'A short-lived, single-use ticket that opens one live event stream (GET /api/events)',
    response: eventTicketSchema,
    status: 201,
  }),
  stream: endpoint({
    method: 'GET',
    path: '/api/events',
    // The ticket is the credential (an EventSource sends no bearer token): checked by the handler, 401.
    access: 'public',
    summary:
      'The live change events the caller may read (text/event-stream): change, presence, ready, reset; resumes after Last-Event-ID, or catches up catchUpMs back',
    query: eventStreamQuery,
    response: 'stream',
  }),
};

/** Who else has a check open. EMVO only, as the check itself. */
const reviewers = roles('EMVO');
export const presenceApi = {
  viewers: endpoint({
    method: 'GET',
    path: '/api/checks/:id/presence',
    access: reviewers,
    summary: 'The reviewers who have the check open now',
    params: idParams,
    response: checkViewersSchema,
  }),
  announce: endpoint({
    method: 'POST',
    path: '/api/checks/:id/presence',
    access: reviewers,
    summary: 'Says the caller has the check open (renew every 20 s); answers who has it open now',
    params: idParams,
    response: checkViewersSchema,
  }),
  leave: endpoint({
    method: 'DELETE',
    path: '/api/checks/:id/presence',
    access: reviewers,
    summary: 'Says the caller closed the check',
    params: idParams,
    response: 'empty',
  }),
};
