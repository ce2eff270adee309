import { STREAM_EVENTS, type StreamMark } from '@portal/contracts';
import { HttpResponse } from 'msw';

/** spec §7 and §9: with mock configured, mock responses replace calls, delayed 300 ms. */
export const MOCK_DELAY_MS = 300;

/**
 * Answered by the mock alone, at once: start-mock.ts asks it to learn whether this page's calls reach msw
 * (the real API answers it 404), before the app makes any.
 */
export const MOCK_PROBE_PATH = '/api/mock-mode';

/** The paths the API answers (spec §7: the API, and the link lists under /links), mock mode's to answer. */
export const API_PATHS = ['/api/*', '/links/*'] as const;

/**
 * The live event stream, quiet: it says `ready`, then nothing, left open. Another tab's writes reach a tab
 * through the API worker's notice (mock-api-client.ts), which reads its screens again.
 */
export function quietStream(): Response {
  const ready: StreamMark = { lastEventId: null };
  const frame = `event: ${STREAM_EVENTS.ready}\ndata: ${JSON.stringify(ready)}\n\n`;
  const body = new ReadableStream<Uint8Array>({
    start: (controller) => controller.enqueue(new TextEncoder().encode(frame)),
  });
  return new HttpResponse(body, {
    headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' },
  });
}
