import type { ChangeEvent, PresenceEvent } from '@portal/contracts';
import type { EventStream } from './event-stream.js';
import { ChangeFrames } from './stream-frames.js';

/** How many change ids the hub remembers, so a change heard twice (a resumed LISTEN's re-read) goes out once. */
const REMEMBERED_IDS = 4096;
/**
 * The streams are written at most this often: a change heard after a quiet spell goes out at once, the
 * ones that follow it closely wait for the next flush and go out together, one write per stream. 500
 * streams × 50 changes a second are 25,000 writes (system calls, and as many reads in the browsers'
 * machines) a second one by one; batched, a fifth of that, for at most this much delay (bench/events).
 */
export const FLUSH_INTERVAL_MS = 100;

/**
 * This instance's open streams, and the changes and presence it hears passed to each (change-feed.ts feeds
 * it). the per-user connection limit is counted here: per instance, as the rate limits are
 * (plugins/rate-limits.ts), so behind n instances a user holds at most n times the limit.
 */
export class ChangeHub {
  readonly #streams = new Set<EventStream>();
  readonly #perUser = new Map<string, number>();
  readonly #limit: number;
  readonly #recent = new Set<string>();
  readonly #dirty = new Set<EventStream>();
  #flushTimer: NodeJS.Timeout | undefined;
  #lastFlush = Number.NEGATIVE_INFINITY;

  constructor(options: { streamsPerUser: number }) {
    this.#limit = options.streamsPerUser;
  }

  /** Whether the user may open one more stream here. */
  hasRoomFor(subject: string): boolean {
    return (this.#perUser.get(subject) ?? 0) < this.#limit;
  }

  add(stream: EventStream): void {
    this.#streams.add(stream);
    const subject = stream.caller.subject;
    this.#perUser.set(subject, (this.#perUser.get(subject) ?? 0) + 1);
  }

  /** A stream has text waiting (event-stream.ts): written at the next flush, for every such stream at once. */
  readonly schedule = (stream: EventStream): void => {
    this.#dirty.add(stream);
    if (this.#flushTimer) return;
    const wait = Math.max(0, this.#lastFlush + FLUSH_INTERVAL_MS - performance.now());
    this.#flushTimer = setTimeout(() => this.#flush(), wait);
  };

  #flush(): void {
    this.#flushTimer = undefined;
    this.#lastFlush = performance.now();
    const dirty = [...this.#dirty];
    this.#dirty.clear();
    for (const stream of dirty) stream.flush();
  }

  /** Called by the stream as it ends. */
  remove(stream: EventStream): void {
    this.#dirty.delete(stream);
    if (!this.#streams.delete(stream)) return;
    const subject = stream.caller.subject;
    const left = (this.#perUser.get(subject) ?? 1) - 1;
    if (left > 0) this.#perUser.set(subject, left);
    else this.#perUser.delete(subject);
  }

  change(change: ChangeEvent): void {
    if (this.#recent.has(change.id)) return;
    this.#recent.add(change.id);
    if (this.#recent.size > REMEMBERED_IDS) {
      // A Set iterates in insertion order: the first is the oldest.
      const [oldest] = this.#recent;
      if (oldest !== undefined) this.#recent.delete(oldest);
    }
    const frames = new ChangeFrames(change);
    for (const stream of this.#streams) stream.change(frames);
  }

  presence(event: PresenceEvent): void {
    for (const stream of this.#streams) stream.presence(event);
  }

  /** The streams open now (a copy: ending one removes it). */
  streams(): EventStream[] {
    return [...this.#streams];
  }

  /** Ends every stream (the instance is shutting down: the browsers reconnect to another). */
  endAll(): void {
    clearTimeout(this.#flushTimer);
    this.#flushTimer = undefined;
    for (const stream of this.streams()) stream.end();
  }
}
