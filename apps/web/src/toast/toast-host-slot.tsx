import { lazy, Suspense, useSyncExternalStore } from 'react';
import { subscribeToastRequests, toastRequested } from './toast';

const loadToastHost = () => import('./toast-host');
const ToastHost = lazy(async () => ({ default: (await loadToastHost()).ToastHost }));

/**
 * Fetches the toast host (and react-toastify with it) once the first page is up and the browser idle, without
 * showing anything: spec §4's offline message is a toast, and a browser already offline could no longer
 * fetch the chunk that shows it. Off the start's critical path all the same.
 */
export function preloadToastHost(): void {
  const load = () => void loadToastHost().catch(() => {});
  if ('requestIdleCallback' in window) window.requestIdleCallback(load, { timeout: 2000 });
  else setTimeout(load, 0);
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
