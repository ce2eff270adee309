import { type PresenceEvent, STREAM_EVENTS } from '@portal/contracts';
import type { FastifyReply } from 'fastify';
import { type StreamCaller, seesActors, seesChange, seesPresence } from './event-access.js';
import { type ChangeFrames, frame, HEARTBEAT } from './stream-frames.js';

/**
 * A stream lives no longer than an access token does: then it ends, and the SPA opens another with a new
 * ticket, asked for with its current token (the roles and standing of now, not of an hour ago).
 */
export const STREAM_MAX_AGE_MS = 60 * 60_000;
/**
 * A browser that reads slower than events come (a suspended laptop, a stalled proxy) is cut off past this
 * much unsent text, instead of the API holding it: it resumes from its Last-Event-ID when it is back.
 */
const MAX_UNSENT_BYTES = 128 * 1024;

/** Says a stream has text waiting, to be written at the hub's next flush (change-hub.ts). */
export type FlushScheduler = (stream: EventStream) => void;

/**
 * One browser's open GET /api/events: what it may read of each change and presence (event-access.ts),
 * written to the response as it comes. While the stream replays what the browser missed, live changes wait
 * in a queue and follow the replay, the ones it already sent left out.
 */
export class EventStream {
  readonly caller: StreamCaller;
  readonly #response: FastifyReply['raw'];
  readonly #onEnd: (stream: EventStream) => void;
  #queue: ChangeFrames[] | undefined = [];
  #sent = new Set<string>();
  #heartbeat: NodeJS.Timeout | undefined;
  #maxAge: NodeJS.Timeout | undefined;
  #ended = false;
  /** What waits for the next flush: every message goes out through it, so their order holds. */
  #pending = '';
  readonly #heartbeatMs: number;
  readonly #schedule: FlushScheduler;

  /**
   * `heartbeatMs`: the "Heartbeats", a comment line this often (config EVENTS_HEARTBEAT_MS,
   * 15 s: inside the usual 30 to 60 s idle limits of proxies and load balancers).
   */
  constructor(
    caller: StreamCaller,
    response: FastifyReply['raw'],
    options: { heartbeatMs: number; onEnd: (stream: EventStream) => void; schedule: FlushScheduler },
  ) {
    this.caller = caller;
    this.#response = response;
    this.#onEnd = options.onEnd;
    this.#heartbeatMs = options.heartbeatMs;
    this.#schedule = options.schedule;
    response.on('close', () => this.end());
  }

  /** Starts the answer: the headers (the reply's own, security headers included), then heartbeats. */
  open(headers: Record<string, string | number | string[] | undefined>): void {
    this.#response.writeHead(200, {
      ...headers,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      // nginx and some proxies buffer an answer unless told not to: events would arrive in lumps.
      'x-accel-buffering': 'no',
    });
    this.#response.flushHeaders();
    // The browser may have gone while its ticket was read: its 'close' came before anyone listened.
    if (this.#response.socket?.destroyed ?? true) {
      this.end();
      return;
    }
    this.#heartbeat = setInterval(() => this.#write(HEARTBEAT), this.#heartbeatMs);
    this.#maxAge = setTimeout(() => this.end(), STREAM_MAX_AGE_MS);
  }

  /** A change: sent now, or queued while the replay runs. */
  change(frames: ChangeFrames): void {
    if (this.#queue) {
      this.#queue.push(frames);
      return;
    }
    this.#sendChange(frames);
  }

  /** A change the replay read (change-replay.ts); remembered, so the queue does not send it again. */
  replayed(frames: ChangeFrames): void {
    this.#sent.add(frames.change.id);
    this.#sendChange(frames);
  }

  /** The replay is over: the changes heard meanwhile follow, then every change goes straight out. */
  live(): void {
    const queue = this.#queue ?? [];
    this.#queue = undefined;
    for (const frames of queue) if (!this.#sent.has(frames.change.id)) this.#sendChange(frames);
    this.#sent = new Set();
  }

  presence(event: PresenceEvent): void {
    if (seesPresence(this.caller, event)) this.#write(frame(STREAM_EVENTS.presence, event));
  }

  /** A message of its own (ready, reset). */
  send(text: string): void {
    this.#write(text);
  }

  /**
   * Writes what waits, in one write (one system call for several events). A browser that has not read
   * MAX_UNSENT_BYTES of what was written before is cut off instead.
   */
  flush(): void {
    if (this.#ended || this.#pending === '') return;
    if (this.#response.writableLength > MAX_UNSENT_BYTES) {
      this.end();
      return;
    }
    const text = this.#pending;
    this.#pending = '';
    this.#response.write(text);
  }

  end(): void {
    if (this.#ended) return;
    this.#ended = true;
    clearInterval(this.#heartbeat);
    clearTimeout(this.#maxAge);
    this.#queue = undefined;
    this.#pending = '';
    this.#response.end();
    this.#onEnd(this);
  }

  #sendChange(frames: ChangeFrames): void {
    if (!seesChange(this.caller, frames.change)) return;
    this.#write(seesActors(this.caller) ? frames.full() : frames.anonymous());
  }

  #write(text: string): void {
    if (this.#ended) return;
    const idle = this.#pending === '';
    this.#pending += text;
    if (idle) this.#schedule(this);
  }
}
