import { setupWorker } from 'msw/browser';
import { createMockHandlers } from './handlers';
import { followOtherTabs, openMockDb } from './mock-db';

/**
 * Starts mock mode (architecture.md: msw browser worker): from here on, the API calls of spec §7 are
 * answered in the browser after 300 ms; anything else (translations, assets) goes to the network.
 * The worker script is served only by `vite --mode mock` (vite.config.ts), never by a production build.
 * Every tab answers from one store; `onOtherTabChange` runs when another tab changed it.
 */
export async function startMockMode(onOtherTabChange: () => void): Promise<void> {
  const db = openMockDb(localStorage);
  followOtherTabs(db, localStorage, onOtherTabChange);
  const worker = setupWorker(...createMockHandlers({ db, storage: localStorage }));
  await worker.start({
    onUnhandledRequest: 'bypass',
    serviceWorker: { url: '/mockServiceWorker.js' },
    quiet: true,
  });
  console.info('Mock mode: API calls are answered in the browser (msw), after 300 ms.');
}
