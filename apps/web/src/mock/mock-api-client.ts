import type { MockAccount } from './mock-accounts';

/** What a tab asks mock mode's API worker: an HTTP request, or who an email signs in as. */
type Question =
  | { type: 'request'; method: string; url: string; headers: [string, string][]; body: ArrayBuffer | null }
  | { type: 'account'; email: string };

/** A question with the number its reply carries back. */
export type MockApiRequest = Question & { id: number };

/** Its answer; or, unasked, that another tab changed the world. */
export type MockApiReply =
  | { id: number; type: 'response'; status: number; headers: [string, string][]; body: ArrayBuffer | null }
  | { id: number; type: 'account'; account: MockAccount | undefined }
  | { id: number; type: 'failure'; message: string }
  | { id?: undefined; type: 'changed' }
  | { id?: undefined; type: 'log'; level: 'error' | 'warn' | 'info'; message: string; details: unknown };

export interface MockApiClient {
  fetch(request: Request): Promise<Response>;
  accountOf(email: string): Promise<MockAccount | undefined>;
}

/**
 * This tab's line to mock mode's API (mock-api-worker.ts, shared by every tab): requests go over the
 * worker's port as bytes (a multipart body keeps its boundary in its content type), answers come back the
 * same way; `onOtherTabChange` runs when another tab's call may have written.
 */
export function connectMockApi(onOtherTabChange: () => void): MockApiClient {
  // Kept alive a while after its last tab unloads (Chromium's extended lifetime, as a service worker's): a
  // reload finds PGlite running with the world in it instead of starting both again. Every tab asks for it
  // alike (a worker asked for with other options refuses the tab); other browsers ignore it. Written out
  // here: Vite reads a worker's options as they are written.
  const worker = new SharedWorker(new URL('./mock-api-worker.ts', import.meta.url), {
    type: 'module',
    name: 'portal-mock-api',
    extendedLifetime: true,
  } as WorkerOptions);
  const pending = new Map<number, (reply: MockApiReply) => void>();
  let next = 0;
  worker.port.onmessage = ({ data }: MessageEvent<MockApiReply>) => {
    if (data.type === 'changed') onOtherTabChange();
    // The API's log (a confirmation mail's link, a failure's stack), in this tab's console.
    else if (data.type === 'log') console[data.level](`Mock mode's API: ${data.message}`, data.details ?? '');
    else pending.get(data.id)?.(data);
  };
  // A worker that cannot start (its script, PGlite's files) says so here; its calls would wait for ever.
  worker.onerror = (event) => console.error("Mock mode's API worker failed to start", event);
  worker.port.start();
  const ask = (message: Question) =>
    new Promise<MockApiReply>((resolve) => {
      const id = ++next;
      pending.set(id, (reply) => {
        pending.delete(id);
        resolve(reply);
      });
      worker.port.postMessage({ ...message, id });
    });
  return {
    async fetch(request) {
      const body = ['GET', 'HEAD'].includes(request.method) ? null : await request.arrayBuffer();
      const reply = await ask({
        type: 'request',
        method: request.method,
        url: request.url,
        headers: [...request.headers],
        body,
      });
      if (reply.type === 'failure') throw new Error(`Mock mode's API failed: ${reply.message}`);
      if (reply.type !== 'response') throw new Error(`Mock mode's API answered ${reply.type}`);
      return new Response(reply.body, { status: reply.status, headers: reply.headers });
    },
    async accountOf(email) {
      const reply = await ask({ type: 'account', email });
      return reply.type === 'account' ? reply.account : undefined;
    },
  };
}
