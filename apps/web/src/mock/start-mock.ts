import { eventsApi } from '@portal/contracts';
import { delay, HttpResponse, http } from 'msw';
import { setupWorker } from 'msw/browser';
import type { MockApiClient } from './mock-api-client';
import { API_PATHS, MOCK_DELAY_MS, MOCK_PROBE_PATH, quietStream } from './mock-mode';

/** Remembers the last reload for a page msw did not answer, so a page that never gets answered is not reloaded for ever. */
const RELOADED_AT_KEY = 'portal.mockReloadedAt';
const RELOAD_AGAIN_AFTER_MS = 10_000;

/** Whether this page's calls reach msw: only the mock answers the probe with `{ mock: true }`. */
async function mockAnswers(): Promise<boolean> {
  try {
    const response = await fetch(MOCK_PROBE_PATH, { cache: 'no-store' });
    return response.ok && ((await response.json()) as { mock?: unknown }).mock === true;
  } catch {
    return false;
  }
}

/** Reloads the page (the reload is answered), and never settles: the app must not start meanwhile. */
function reloadPage(): Promise<never> {
  const last = Number(sessionStorage.getItem(RELOADED_AT_KEY) ?? 0);
  if (Date.now() - last < RELOAD_AGAIN_AFTER_MS) {
    throw new Error('Mock mode: the msw worker does not answer this page, even after a reload.');
  }
  sessionStorage.setItem(RELOADED_AT_KEY, String(Date.now()));
  console.warn('Mock mode: the msw worker does not answer this page; reloading it.');
  window.location.reload();
  return new Promise<never>(() => {});
}

/**
 * Starts mock mode (architecture.md: msw browser worker): from here on, the API calls of spec §7 are
 * answered in the browser after 300 ms by the API's own code (mock-api-worker.ts); anything else
 * (translations, assets) goes to the network. The worker script is served by `vite --mode mock`, and by
 * the API from the build only when WEB_MOCK=true (vite.config.ts, apps/api node/web-plugin.ts). `api` is
 * the line to the API's worker (mock-api-client.ts), connected by the caller before this chunk loads, so
 * that the world opens beside msw's start rather than after it.
 */
export async function startMockMode(api: MockApiClient): Promise<void> {
  const worker = setupWorker(
    http.get(MOCK_PROBE_PATH, () => HttpResponse.json({ mock: true })),
    http.get(eventsApi.stream.path, async () => {
      await delay(MOCK_DELAY_MS);
      return quietStream();
    }),
    ...API_PATHS.map((path) =>
      // The answer comes the spec's delay after the call, or later when the world takes longer: the
      // world works on it meanwhile, as a server would while the network carries the answer.
      http.all(path, async ({ request }) => {
        const [response] = await Promise.all([api.fetch(request), delay(MOCK_DELAY_MS)]);
        return response;
      }),
    ),
  );
  await worker.start({
    onUnhandledRequest: 'bypass',
    serviceWorker: { url: '/mockServiceWorker.js' },
    quiet: true,
  });
  // Chromium now and then loads a page past the worker (in the e2e walk: the page after an upload, while
  // the worker was busy). Its calls then reach the real API, whose 401 signed the company out. msw's start
  // sees no controller and asks for a reload without waiting for it, so the probe makes sure msw answers
  // this page before the app calls anything, and else waits for that reload.
  if (!(await mockAnswers())) await reloadPage();
  console.info("Mock mode: API calls are answered in the browser by the API's own code, after 300 ms.");
}
