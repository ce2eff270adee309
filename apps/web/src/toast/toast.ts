import { createElement } from 'react';
import type { ToastOptions } from 'react-toastify';
import { ToastBody, type ToastKind } from './toast-body';

type Toastify = typeof import('react-toastify');

let library: Promise<Toastify> | undefined;
let requested = false;
const listeners = new Set<() => void>();
/** What was asked before the container was ready: shown once it is (see hostReady). */
let pending: ((toastify: Toastify) => void)[] = [];
let ready: Toastify | undefined;

/**
 * react-toastify and its host load with the first toast, not with the first page (no toast shows at start,
 * so the first page does not carry them). The first call flags the host wanted (ToastHostSlot mounts it) and starts the import.
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

/**
 * The container tells when it can show toasts, and stops being ready when it unmounts. A toast handed to
 * react-toastify before that is lost if the container mounts twice, as StrictMode does in development
 * (the first toast after a page load never showed), so the calls wait here until then.
 */
export function hostReady(toastify: Toastify): () => void {
  ready = toastify;
  const calls = pending;
  pending = [];
  for (const call of calls) call(toastify);
  return () => {
    ready = undefined;
  };
}

function show(call: (toastify: Toastify) => void): void {
  if (ready) {
    call(ready);
    return;
  }
  pending.push(call);
  loadToastify().catch((error: unknown) => console.error('the toasts could not load', error));
}

/**
 * A toast's options, with its title (spec §3: a toast has a title, a message and a type). The type is the
 * function's (`toast.error`, …), not an option: an option's type was overwritten by the function's, and an
 * error asked as `toast(message, { type: 'error' })` showed as information.
 */
export type ToastCallOptions = Omit<ToastOptions, 'type'> & { title?: string };
type ShowKind = (message: string, options?: ToastCallOptions) => void;

const showAs =
  (kind: ToastKind): ShowKind =>
  (message, { title, ...options } = {}) =>
    show(({ toast: showToast }) =>
      showToast(createElement(ToastBody, { kind, message, title }), { ...options, type: kind }),
    );

/** react-toastify's `toast`, for the calls the portal makes, loading the library with the first one. */
export const toast: ShowKind & Record<ToastKind, ShowKind> = Object.assign(showAs('info'), {
  success: showAs('success'),
  error: showAs('error'),
  info: showAs('info'),
  warning: showAs('warning'),
});

/** Whether a toast was asked for: the host mounts from then on (useSyncExternalStore's snapshot). */
export const toastRequested = (): boolean => requested;

/** Calls `listener` when the first toast is asked for; returns the unsubscribe. */
export function subscribeToastRequests(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
