import type { SetupServer } from 'msw/node';

/** A call the page made: method, path with its query decoded, JSON body, bearer. */
export interface RecordedCall {
  method: string;
  url: string;
  body?: unknown;
  authorization: string | null;
}

/**
 * Records every call msw's `server` receives from now on (earlier listeners removed), in order, into
 * `calls` (emptied first): a screen test reads what the page asked for and sent.
 */
export function recordCalls(server: SetupServer, calls: RecordedCall[] = []): RecordedCall[] {
  calls.splice(0);
  server.events.removeAllListeners();
  server.events.on('request:start', async ({ request }) => {
    const url = new URL(request.url);
    const json = request.headers.get('content-type')?.includes('json') ?? false;
    calls.push({
      method: request.method,
      url: decodeURIComponent(`${url.pathname}${url.search}`),
      body: json ? await request.clone().json() : undefined,
      authorization: request.headers.get('authorization'),
    });
  });
  return calls;
}
