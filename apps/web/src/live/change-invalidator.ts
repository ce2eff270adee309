import type { ChangeEvent } from '@portal/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { changeTargets, filtersOf, type StaleQueries } from './change-queries';

/** At most one round of refetches per window while changes keep coming. */
export const INVALIDATION_WINDOW_MS = 250;

export interface ChangeInvalidator {
  add(event: ChangeEvent): void;
  stop(): void;
}

/**
 * The stream's changes into query invalidations (change-queries.ts), paced for a busy portal: a change
 * after a quiet moment is applied at once; the ones that follow within the window are gathered and
 * applied together when it ends. A query being read at that moment is left alone until its read is
 * done, then invalidated: cancelling it for a newer read, as a plain invalidation does, would under a
 * burst of changes never let one read finish. Nothing is lost: a change heard during a read is read
 * again after it.
 */
export function createChangeInvalidator(
  queryClient: QueryClient,
  windowMs = INVALIDATION_WINDOW_MS,
): ChangeInvalidator {
  let pending: StaleQueries[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = () => {
    timer = undefined;
    const due = pending;
    pending = [];
    const busy = due.filter((target) => queryClient.isFetching(filtersOf(target)) > 0);
    const ready = due.filter((target) => !busy.includes(target));
    for (const target of ready) {
      queryClient.invalidateQueries(filtersOf(target), { cancelRefetch: false }).catch(() => {});
    }
    pending = [...busy, ...pending];
    // The window after a round: what comes in it waits for its end.
    if (due.length > 0) timer = setTimeout(flush, windowMs);
  };

  return {
    add(event) {
      pending.push(...changeTargets(event));
      if (timer === undefined) flush();
    },
    stop() {
      clearTimeout(timer);
      timer = undefined;
      pending = [];
    },
  };
}
