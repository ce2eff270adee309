import { useSyncExternalStore } from 'react';

/**
 * spec §2 and §4: the 'unavailable' flag the error handler sets on SERVICE_UNAVAILABLE. While it is set,
 * the unavailable page (errors.unavailable) replaces the whole app.
 */
let unavailable = false;
const listeners = new Set<() => void>();

function set(value: boolean) {
  if (unavailable === value) return;
  unavailable = value;
  for (const listener of listeners) listener();
}

export function isServiceUnavailable(): boolean {
  return unavailable;
}

export function markUnavailable(): void {
  set(true);
}

/** Clears the flag, e.g. when the user retries from the unavailable page. */
export function resetAvailability(): void {
  set(false);
}

export function subscribeAvailability(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** True while the service is flagged unavailable; the app shell renders the unavailable page then. */
export function useServiceUnavailable(): boolean {
  return useSyncExternalStore(subscribeAvailability, isServiceUnavailable, isServiceUnavailable);
}
