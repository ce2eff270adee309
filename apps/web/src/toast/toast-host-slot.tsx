import { lazy, Suspense, useSyncExternalStore } from 'react';
import { whenIdle } from '../scheduling/yield-to-main';
import { subscribeToastRequests, toastRequested } from './toast';

const loadToastHost = () => import('./toast-host');
const ToastHost = lazy(async () => ({ default: (await loadToastHost()).ToastHost }));

let preloaded = false;

/**
 * Fetches the toast host (and react-toastify with it) when the browser is idle, without showing anything:
 * spec §4's offline message is a toast, and a browser already offline could no longer fetch the chunk that
 * shows it. The layout calls it once the first screen shows (asked for at the start, its 13 kB
 * competed with the first screen's own code and data). Later calls do nothing.
 */
export function preloadToastHost(): void {
  if (preloaded) return;
  preloaded = true;
  whenIdle(() => void loadToastHost().catch(() => {}));
}

/**
 * Where the layout keeps the toast container: empty until the first toast is asked for (toast.ts), then the
 * lazily loaded ToastHost, which shows the toasts asked before it loaded.
 */
export function ToastHostSlot() {
  const wanted = useSyncExternalStore(subscribeToastRequests, toastRequested, toastRequested);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  );
}
