import { useSyncExternalStore } from 'react';

/**
 * spec §4, connectivity: online or offline, as the browser reports it. The first offline error shows a
 * message, later ones are silent, and going online again resets that.
 */
let offlineMessageShown = false;
const listeners = new Set<() => void>();

function changed() {
  for (const listener of listeners) listener();
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    offlineMessageShown = false;
    changed();
  });
  window.addEventListener('offline', changed);
}

export function isOnline(): boolean {
  return typeof navigator === 'undefined' ? true : navigator.onLine;
}

/** True for the first offline error only; false for the next ones until the browser is online again. */
export function shouldShowOffline(): boolean {
  if (offlineMessageShown) return false;
  offlineMessageShown = true;
  return true;
}

export function subscribeConnectivity(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The browser's online state, for components that show it. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeConnectivity, isOnline, () => true);
}

/** Forgets that the offline message was shown (tests). */
export function resetConnectivity(): void {
  offlineMessageShown = false;
}
