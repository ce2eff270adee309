// A browser's EventSource as the live updates' tests use it: GET /api/events over real HTTP,
// its text/event-stream parsed into messages as they come, and a way to wait for the next one that matters.

/** One server-sent event: its name (`message` when none), id (when given) and JSON data. */
export interface StreamMessage {
  event: string;
  id: string | undefined;
  data: unknown;
  /** When the client read it (performance.now()). */
  receivedAt: number;
}

export interface OpenedStream {
  status: 200;
  /** Every message so far, heartbeats aside. */
  messages: StreamMessage[];
  /** How many heartbeat comments came. */
  heartbeats(): number;
  /**
   * Resolves with the first message after those already taken that matches, or rejects after `timeoutMs`.
   * Messages skipped on the way are taken too.
   */
  next(match?: (message: StreamMessage) => boolean, timeoutMs?: number): Promise<StreamMessage>;
  /** Resolves once the server has ended the stream. */
  ended: Promise<void>;
  close(): void;
}

export interface RefusedStream {
  status: number;
  body: unknown;
}

/** Parses one message's lines (the standard's field rules, as much as the API writes). */
function parseMessage(block: string, receivedAt: number): StreamMessage | 'heartbeat' | null {
  let event = 'message';
  let id: string | undefined;
  const data: string[] = [];
  let comment = false;
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) comment = true;
    else if (line.startsWith('event: ')) event = line.slice(7);
    else if (line.startsWith('id: ')) id = line.slice(4);
    else if (line.startsWith('data: ')) data.push(line.slice(6));
  }
  if (data.length === 0) return comment ? 'heartbeat' : null;
  return { event, id, data: JSON.parse(data.join('\n')), receivedAt };
}

/**
 * Opens GET `url` as an EventSource does (Accept: text/event-stream, Last-Event-ID when given); a refusal
 * answers its status and JSON body instead.
 */
export async function openEventStream(
  url: string,
  options: { lastEventId?: string } = {},
): Promise<OpenedStream | RefusedStream> {
  const abort = new AbortController();
  const response = await fetch(url, {
    headers: {
      accept: 'text/event-stream',
      ...(options.lastEventId ? { 'last-event-id': options.lastEventId } : {}),
    },
    signal: abort.signal,
  });
  if (response.status !== 200 || !response.body) {
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  }
  const messages: StreamMessage[] = [];
  let heartbeats = 0;
  let taken = 0;
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const waiter of waiters) waiter();
  };
  let over = false;
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const ended = (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const parsed = parseMessage(buffer.slice(0, end), performance.now());
          buffer = buffer.slice(end + 2);
          if (parsed === 'heartbeat') heartbeats += 1;
          else if (parsed) messages.push(parsed);
          end = buffer.indexOf('\n\n');
        }
        wake();
      }
    } catch {
      // Aborted by close(), or the connection dropped: either way the stream is over.
    } finally {
      over = true;
      wake();
    }
  })();

  const next = (match: (message: StreamMessage) => boolean = () => true, timeoutMs = 5_000) =>
    new Promise<StreamMessage>((resolve, reject) => {
      const check = () => {
        while (taken < messages.length) {
          const message = messages[taken] as StreamMessage;
          taken += 1;
          if (match(message)) {
            done();
            resolve(message);
            return;
          }
        }
        if (over) {
          done();
          reject(new Error('The stream ended before the message came'));
        }
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`No matching message within ${timeoutMs} ms; got ${JSON.stringify(messages)}`));
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        waiters.delete(check);
      };
      waiters.add(check);
      check();
    });

  return {
    status: 200,
    messages,
    heartbeats: () => heartbeats,
    next,
    ended,
    close: () => abort.abort(),
  };
}

/** The opened stream, or a failure naming what the API answered instead. */
export function opened(stream: OpenedStream | RefusedStream): OpenedStream {
  if ('messages' in stream) return stream;
  throw new Error(`The stream was refused: ${stream.status} ${JSON.stringify(stream.body)}`);
}
