import { type ChangeEvent, STREAM_EVENTS, type StreamMark } from '@portal/contracts';
import { withoutActor } from './event-access.js';

/**
 * One message of a text/event-stream (the HTML standard's "server-sent events"): an optional id, the
 * event's name, its data on one line (JSON has no raw line breaks), a blank line.
 */
export const frame = (event: string, data: unknown, id?: string): string =>
  `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** A comment line: ignored by EventSource, it keeps proxies and load balancers from closing a quiet stream. */
export const HEARTBEAT = ': heartbeat\n\n';

export const markFrame = (event: 'ready' | 'reset', mark: StreamMark): string =>
  frame(STREAM_EVENTS[event], mark, mark.lastEventId ?? undefined);

/**
 * A change written once for every stream that receives it: as reviewers and administrators read it, and
 * without its actor as a company reads it (event-access.ts), each serialised on first use only.
 */
export class ChangeFrames {
  readonly change: ChangeEvent;
  #full: string | undefined;
  #anonymous: string | undefined;

  constructor(change: ChangeEvent) {
    this.change = change;
  }

  full(): string {
    this.#full ??= frame(STREAM_EVENTS.change, this.change, this.change.id);
    return this.#full;
  }

  anonymous(): string {
    this.#anonymous ??= frame(STREAM_EVENTS.change, withoutActor(this.change), this.change.id);
    return this.#anonymous;
  }
}
