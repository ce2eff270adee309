import { type CallQuery, eventsApi, pathOf, type StreamStart } from '@portal/contracts';
import type { QueryClient } from '@tanstack/react-query';
import type { Auth } from '../auth/msal-auth';
import { callApi } from '../http/api-call';
import { type HttpClient, HttpError } from '../http/http-client';
import { createChangeInvalidator } from './change-invalidator';
import type { LiveHub } from './live-hub';
import { type EventSourceLike, type LiveStreamOptions, openLiveStream } from './live-stream';

export interface LiveUpdatesOptions {
  auth: Pick<Auth, 'user' | 'subscribe'>;
  http: HttpClient;
  queryClient: QueryClient;
  hub: LiveHub;
  /** spec §3 apiUrl ('' for the same origin), before the stream's path. */
  apiUrl: string;
  createSource?: (url: string) => EventSourceLike;
  retryDelayMs?: LiveStreamOptions['retryDelayMs'];
}

/**
 * An API without the stream (an older one: 404 or 405; one built without it: 501) refuses the ticket for
 * good: the screens go on as without live updates, and nothing is asked again until the next sign-in.
 */
const NO_STREAM = [404, 405, 501];
const isPermanent = (error: unknown) => error instanceof HttpError && NO_STREAM.includes(error.status);

/** GET /api/events' address for a ticket: `?ticket=…&lastEvent=…` or `&catchUpMs=…` (contracts eventStreamQuery). */
export function streamUrl(apiUrl: string, ticket: string, start: StreamStart): string {
  const query: CallQuery<typeof eventsApi.stream> = { ticket, ...start };
  const search = new URLSearchParams(Object.entries(query).map(([name, value]) => [name, String(value)]));
  return `${apiUrl}${pathOf(eventsApi.stream)}?${search}`;
}

/**
 * The live updates of a signed-in user. The stream opens at sign-in and closes at
 * sign-out; each change invalidates exactly the queries it touches (change-queries.ts, paced by
 * change-invalidator.ts) and goes to the screens through the hub; `reset` invalidates every query. The
 * ticket is taken with the app's client, outside the query cache: a refused ticket is no error the user
 * is shown. Returns the stop.
 */
export function startLiveUpdates(options: LiveUpdatesOptions): () => void {
  const { auth, http, queryClient, hub, apiUrl } = options;
  let stream: ReturnType<typeof openLiveStream> | null = null;
  const invalidator = createChangeInvalidator(queryClient);

  const open = () =>
    openLiveStream({
      takeTicket: async () => (await callApi(http, eventsApi.ticket, {})).ticket,
      streamUrl: (ticket, start) => streamUrl(apiUrl, ticket, start),
      ...(options.createSource ? { createSource: options.createSource } : {}),
      ...(options.retryDelayMs ? { retryDelayMs: options.retryDelayMs } : {}),
      isPermanent,
      onChange: (change) => {
        invalidator.add(change);
        hub.emitChange(change);
      },
      onPresence: hub.emitPresence,
      onReset: () => {
        queryClient.invalidateQueries().catch(() => {});
      },
      onStatus: hub.setStatus,
    });

  const followSession = () => {
    const signedIn = auth.user() !== null;
    if (signedIn && !stream) stream = open();
    if (!signedIn && stream) {
      stream.close();
      stream = null;
    }
  };
  // Back online: no need to wait out the backoff.
  const retry = () => stream?.retryNow();

  followSession();
  const unsubscribe = auth.subscribe(followSession);
  window.addEventListener('online', retry);
  return () => {
    unsubscribe();
    window.removeEventListener('online', retry);
    invalidator.stop();
    stream?.close();
    stream = null;
  };
}
