import type { ToastOptions } from 'react-toastify';

type Toastify = typeof import('react-toastify');

let library: Promise<Toastify> | undefined;
let requested = false;
const listeners = new Set<() => void>();

/**
 * react-toastify and its host load with the first toast, not with the first page (no toast shows at start:
 * issue 15 item 3). The first call flags the host wanted (ToastHostSlot mounts it) and starts the import;
 * react-toastify queues what is asked before its container mounts and shows it once the container is there.
 */
function loadToastify(): Promise<Toastify> {
  if (!library) {
    library = import('react-toastify').catch((error: unknown) => {
      // A chunk that failed to load (offline, say): the next toast tries again.
      library = undefined;
      throw error;
    });
  }
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
  return library;
}

function show(call: (toastify: Toastify) => void): void {
  loadToastify().then(call, (error: unknown) => console.error('the toasts could not load', error));
}

type ShowKind = (message: string, options?: ToastOptions) => void;

/** react-toastify's `toast`, for the calls the portal makes, loading the library with the first one. */
export const toast: ShowKind & Record<'success' | 'error' | 'info' | 'warning', ShowKind> = Object.assign(
  (message: string, options?: ToastOptions) => show(({ toast: showToast }) => showToast(message, options)),
  {
    success: (message: string, options?: ToastOptions) => show(({ toast: t }) => t.success(message, options)),
    error: (message: string, options?: ToastOptions) => show(({ toast: t }) => t.error(message, options)),
    info: (message: string, options?: ToastOptions) => show(({ toast: t }) => t.info(message, options)),
    warning: (message: string, options?: ToastOptions) => show(({ toast: t }) => t.warning(message, options)),
  },
);

/** Whether a toast was asked for: the host mounts from then on (useSyncExternalStore's snapshot). */
export const toastRequested = (): boolean => requested;

/** Calls `listener` when the first toast is asked for; returns the unsubscribe. */
export function subscribeToastRequests(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
