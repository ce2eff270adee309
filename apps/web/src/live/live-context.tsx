import type { ChangeEvent } from '@portal/contracts';
import { createContext, type ReactNode, useContext, useEffect, useLayoutEffect, useRef } from 'react';
import type { LiveHub } from './live-hub';

const LiveContext = createContext<LiveHub | null>(null);

/** The app's live hub (main.tsx), for the screens below; without one (a screen's test) nothing is live. */
export function LiveProvider({ hub, children }: { hub: LiveHub | undefined; children: ReactNode }) {
  return <LiveContext.Provider value={hub ?? null}>{children}</LiveContext.Provider>;
}

/** The live hub, or null when the app runs without live updates. */
export const useLiveHub = (): LiveHub | null => useContext(LiveContext);

/**
 * Calls `onChange` for every change the stream brings, after the queries it touches were invalidated
 * (change-queries.ts): a screen says what happened, it fetches nothing itself.
 */
export function useLiveChanges(onChange: (event: ChangeEvent) => void): void {
  const hub = useLiveHub();
  const latest = useRef(onChange);
  useLayoutEffect(() => {
    latest.current = onChange;
  });
  useEffect(() => hub?.onChange((event) => latest.current(event)), [hub]);
}
