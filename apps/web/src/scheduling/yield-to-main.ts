/**
 * Ends the current task and goes on in a new one, so the browser can paint and handle input between two
 * pieces of start-up work (no task of the start should block the main thread for long). Uses
 * `scheduler.yield()` where the browser has it (the continuation keeps its priority), else a timer.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Runs `work` when the browser is idle (at the latest two seconds on), or in a later task where the browser
 * has no idle callbacks: for what the start can do without, away from the tasks that draw the first screen.
 */
export function whenIdle(work: () => void): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(work, { timeout: 2000 });
  else setTimeout(work, 0);
}
