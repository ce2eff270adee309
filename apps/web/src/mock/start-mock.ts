import { setupWorker } from 'msw/browser';
import { createMockHandlers } from './handlers';
import { followOtherTabs, type MockDb, openMockDb } from './mock-db';

/**
 * Starts mock mode (architecture.md: msw browser worker): from here on, the API calls of spec §7 are
 * answered in the browser after 300 ms; anything else (translations, assets) goes to the network.
 * The worker script is served by `vite --mode mock`, and by the API from the build only when WEB_MOCK=true
 * (vite.config.ts, apps/api plugins/web.ts).
 * Every tab answers from one store, returned for mock auth (which signs in its users); `onOtherTabChange`
 * runs when another tab changed it.
 */
export async function startMockMode(onOtherTabChange: () => void): Promise<MockDb> {
  const db = openMockDb(localStorage);
  followOtherTabs(db, localStorage, onOtherTabChange);
  const worker = setupWorker(...createMockHandlers({ db, storage: localStorage }));
  await worker.start({
    onUnhandledRequest: 'bypass',
    serviceWorker: { url: '/mockServiceWorker.js' },
    quiet: true,
  });
  console.info('Mock mode: API calls are answered in the browser (msw), after 300 ms.');
  return db;
}
