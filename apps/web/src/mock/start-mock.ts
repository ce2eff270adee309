import { setupWorker } from 'msw/browser';
import { createMockHandlers } from './handlers';

/**
 * Starts mock mode (architecture.md: msw browser worker): from here on, the API calls of spec §7 are
 * answered in the browser after 300 ms; anything else (translations, assets) goes to the network.
 * The worker script is served only by `vite --mode mock` (vite.config.ts), never by a production build.
 */
export async function startMockMode(): Promise<void> {
  const worker = setupWorker(...createMockHandlers({ storage: sessionStorage }));
  await worker.start({
    onUnhandledRequest: 'bypass',
    serviceWorker: { url: '/mockServiceWorker.js' },
    quiet: true,
  });
  console.info('Mock mode: API calls are answered in the browser (msw), after 300 ms.');
}
