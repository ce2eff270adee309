import {
  type ChangeEvent,
  changeEventSchema,
  type PresenceEvent,
  presenceEventSchema,
  STREAM_EVENTS,
  type StreamStart,
  streamMarkSchema,
} from '@portal/contracts';
import type { z } from 'zod/mini';
import type { LiveStatus } from './live-hub';

/** What the stream needs of an EventSource (the browser's, or a test's fake). */
export interface EventSourceLike {
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void;
  close(): void;
}

export interface LiveStreamOptions {
  /** POST /api/events/tickets: a single-use ticket for one stream. Rejects when none can be had. */
  takeTicket: () => Promise<string>;
  /** GET /api/events' URL for a ticket and where the stream starts (contracts eventStreamQuery). */
  streamUrl: (ticket: string, start: StreamStart) => string;
  /** How long ago the page started reading (the browser's `performance.now()`): a first stream's catch-up. */
  pageAgeMs?: () => number;
  createSource?: (url: string) => EventSourceLike;
  onChange: (event: ChangeEvent) => void;
  onPresence: (event: PresenceEvent) => void;
  /** The events since the last id are no longer kept: everything is to be read again. */
  onReset: () => void;
  onStatus: (status: LiveStatus) => void;
  /**
   * A ticket refused for good (the API has no stream: 404, 501): stop trying, quietly. Anything else
   * (offline, 5xx, a token to renew) is tried again later.
   */
  isPermanent?: (error: unknown) => boolean;
  /** How long to wait before the attempt after `failures` failures in a row. */
  retryDelayMs?: (failures: number) => number;
  /** Whether the browser is offline (tests pass their own; the browser's `navigator.onLine`). */
  isOffline?: () => boolean;
}

export interface LiveStream {
  /** Down and waiting: try now (the browser came back online). */
  retryNow(): void;
  close(): void;
}

const FIRST_RETRY_MS = 1_000;
const LONGEST_RETRY_MS = 60_000;

/** 1 s, 2 s, 4 s … up to a minute, each ±25 % so that a restarted API is not met by every browser at once. */
export const backoffMs = (failures: number, random = Math.random): number =>
  Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** failures) * (0.75 + random() * 0.5);

const browserSource = (url: string): EventSourceLike => new EventSource(url);

/** One event's JSON data, as its contract says, or null (a newer API's event this SPA cannot read). */
function parsed<S extends z.ZodMiniType>(schema: S, data: string): z.output<S> | null {
  try {
    const result = schema.safeParse(JSON.parse(data));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

/**
 * The live stream. A ticket, then an EventSource on GET /api/events; its events are handed on as
 * they come. On an error the EventSource is closed rather than left to reconnect by itself (its ticket was
 * single use): a new ticket is taken after a backoff, and the new stream resumes after the last event id
 * it saw (the API replays what was missed, or sends `reset`); the first one catches up on the page's age.
 * The backoff starts again once a stream is `ready`. Nothing is shown while it is down: the queries still
 * refetch on focus, as without a stream.
 */
export function openLiveStream(options: LiveStreamOptions): LiveStream {
  const { takeTicket, streamUrl, onChange, onPresence, onReset, onStatus } = options;
  const createSource = options.createSource ?? browserSource;
  const retryDelayMs = options.retryDelayMs ?? backoffMs;
  const isPermanent = options.isPermanent ?? (() => false);
  const isOffline = options.isOffline ?? (() => !navigator.onLine);
  const pageAgeMs = options.pageAgeMs ?? (() => Math.round(performance.now()));
  let lastEventId: string | undefined;
  let failures = 0;
  let source: EventSourceLike | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** Each attempt's number: what an older attempt's ticket or source does later is ignored. */
  let attempt = 0;
  let closed = false;

  const remember = (id: string | null | undefined) => {
    if (id) lastEventId = id;
  };

  const retryLater = () => {
    source?.close();
    source = null;
    onStatus('down');
    clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, retryDelayMs(failures));
    failures += 1;
  };

  function listen(current: EventSourceLike, mine: number) {
    const on = (type: string, handle: (event: MessageEvent<string>) => void) =>
      current.addEventListener(type, (event) => {
        if (mine === attempt && !closed) handle(event);
      });
    on(STREAM_EVENTS.change, (event) => {
      const change = parsed(changeEventSchema, event.data);
      remember(event.lastEventId || change?.id);
      if (change) onChange(change);
    });
    on(STREAM_EVENTS.presence, (event) => {
      const presence = parsed(presenceEventSchema, event.data);
      if (presence) onPresence(presence);
    });
    on(STREAM_EVENTS.reset, (event) => {
      remember(parsed(streamMarkSchema, event.data)?.lastEventId);
      onReset();
    });
    on(STREAM_EVENTS.ready, (event) => {
      remember(parsed(streamMarkSchema, event.data)?.lastEventId);
      failures = 0;
      onStatus('open');
    });
    // A stream that could not open (a refused ticket, the per-user limit) or that dropped.
    on('error', () => {
      if (source === current) retryLater();
    });
  }

  async function connect() {
    if (closed) return;
    // Offline, no ticket can be had, and asking for one would renew the token in MSAL's hidden frame, which
    // then never loads: wait for the browser to come back online (retryNow) or for the backoff.
    if (isOffline()) {
      retryLater();
      return;
    }
    const mine = ++attempt;
    onStatus('connecting');
    let ticket: string;
    try {
      ticket = await takeTicket();
    } catch (error) {
      if (mine !== attempt || closed) return;
      if (isPermanent(error)) {
        onStatus('off');
        return;
      }
      retryLater();
      return;
    }
    if (mine !== attempt || closed) return;
    // Nothing seen yet: the page's first reads came before its stream, so it catches up on their time too.
    const start: StreamStart =
      lastEventId === undefined ? { catchUpMs: pageAgeMs() } : { lastEvent: lastEventId };
    const current = createSource(streamUrl(ticket, start));
    source = current;
    listen(current, mine);
  }

  void connect();
  return {
    retryNow() {
      if (closed || timer === undefined) return;
      clearTimeout(timer);
      timer = undefined;
      void connect();
    },
    close() {
      closed = true;
      clearTimeout(timer);
      source?.close();
      source = null;
      onStatus('off');
    },
  };
}
