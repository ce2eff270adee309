import type { ChangeEvent } from '@portal/contracts';
import type { EventSourceLike } from './live-stream';

/**
 * Test helper: an EventSource the test drives. Every one made is kept in `FakeEventSource.made`, with the
 * URL it was opened on; `emit` sends an event as the API would write it (its `id:` as lastEventId).
 */
export class FakeEventSource implements EventSourceLike {
  static made: FakeEventSource[] = [];
  static latest(): FakeEventSource {
    const source = FakeEventSource.made.at(-1);
    if (!source) throw new Error('No EventSource was opened');
    return source;
  }

  readonly url: string;
  closed = false;
  readonly #listeners = new Map<string, Array<(event: MessageEvent<string>) => void>>();

  constructor(url: string) {
    this.url = url;
    FakeEventSource.made.push(this);
  }

  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void {
    this.#listeners.set(type, [...(this.#listeners.get(type) ?? []), listener]);
  }

  close(): void {
    this.closed = true;
  }

  emit(type: string, data: unknown, id?: string): void {
    const event = new MessageEvent<string>(type, {
      data: typeof data === 'string' ? data : JSON.stringify(data),
      lastEventId: id ?? '',
    });
    for (const listener of this.#listeners.get(type) ?? []) listener(event);
  }

  /** The stream failed or dropped, as the browser reports it. */
  fail(): void {
    for (const listener of this.#listeners.get('error') ?? []) listener(new MessageEvent<string>('error'));
  }
}

export const createFakeSource = (url: string) => new FakeEventSource(url);

const ORGANISATION = 'b1000000-0000-4000-8000-000000000001';
const CHECK = 'c1000000-0000-4000-8000-000000000001';

/** A change event as the stream carries it: a reviewer started a legitimacy check, unless `change` says otherwise. */
export function changeEvent(change: Partial<ChangeEvent> = {}): ChangeEvent {
  return {
    id: '41',
    kind: 'check',
    action: 'START',
    entityId: CHECK,
    organisationId: ORGANISATION,
    version: 3,
    checkType: 'LEGITIMACY',
    actor: 'lead@portal.test',
    actorName: 'Lena Lead',
    at: '2026-04-05T10:00:00.000Z',
    ...change,
  };
}
