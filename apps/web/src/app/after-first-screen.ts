import type { QueryClient } from '@tanstack/react-query';
import { whenIdle } from '../scheduling/yield-to-main';

/** What afterFirstScreen reads of the router (react-router's DataRouter). */
interface RouterState {
  state: { initialized: boolean; navigation: { state: string } };
  subscribe(listener: () => void): () => void;
}

/** At the latest this long after the start, `work` runs even if the first screen never settles. */
export const FIRST_SCREEN_TIMEOUT_MS = 5000;

/**
 * Runs `work` once the first screen is drawn with its data (the router's first navigation
 * done, its guards, code and loaders, and no query fetching) and the browser is then idle. What the first
 * screen does without (the live stream's code, the vitals' code) then loads after the page's largest text
 * instead of sharing a slow phone's bandwidth and main thread with it.
 */
export function afterFirstScreen(router: RouterState, queryClient: QueryClient, work: () => void): void {
  let done = false;
  const settled = () => {
    const { initialized, navigation } = router.state;
    return initialized && navigation.state === 'idle' && queryClient.isFetching() === 0;
  };
  const run = () => {
    if (done) return;
    done = true;
    stopRouter();
    stopQueries();
    clearTimeout(timeout);
    work();
  };
  // A screen's own queries start as it renders, just after the router goes idle: settled is asked again
  // once the browser is idle.
  const check = () => {
    if (!done && settled()) whenIdle(() => (settled() ? run() : undefined));
  };
  const stopRouter = router.subscribe(check);
  const stopQueries = queryClient.getQueryCache().subscribe(check);
  const timeout = setTimeout(run, FIRST_SCREEN_TIMEOUT_MS);
  check();
}
