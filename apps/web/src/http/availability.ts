import { useSyncExternalStore } from 'react';

/**
 * spec §2 and §4: the 'unavailable' flag the error handler sets on SERVICE_UNAVAILABLE. While it is set,
 * the unavailable page (errors.unavailable) replaces the whole app.
 */
let unavailable = false;
/** The catalogue's messages of the answer that flagged it (spec §8 SERVICE_UNAVAILABLE: show error). */
let messages: readonly string[] = [];
const listeners = new Set<() => void>();

function set(value: boolean, reason: readonly string[] = []) {
  if (unavailable === value) return;
  unavailable = value;
  messages = reason;
  for (const listener of listeners) listener();
}

export function isServiceUnavailable(): boolean {
  return unavailable;
}

/** Flags the service unavailable; the page shows `reason`, the failed call's messages. */
export function markUnavailable(reason: readonly string[] = []): void {
  set(true, reason);
}

/** What the unavailable page says under its heading: the messages of the call that flagged it. */
export function unavailableReason(): readonly string[] {
  return messages;
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
