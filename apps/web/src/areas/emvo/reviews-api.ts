import {
  type CheckDetail,
  checksApi,
  type QueueFlag,
  type QueueSlug,
  reviewQueuesApi,
} from '@portal/contracts';
import type { ListQuery } from '@portal/list-query';
import { useQueryClient } from '@tanstack/react-query';
import { apiKey } from '../../http/api-call';
import { useApiList, useApiMutation, useApiQuery } from '../../http/api-hooks';
import { HttpError } from '../../http/http-client';

/** The queue flags that are on: `assignedToMe=true`, `overdue=true` (contracts QUEUE_FLAGS). */
export type QueueFlags = Partial<Record<QueueFlag, boolean>>;

/** The flags that are on, as the call's own params: `{ overdue: 'true' }` (contracts reviewQueuesApi.queue's extra). */
export const flagParams = (flags: QueueFlags): Record<string, string> =>
  Object.fromEntries(
    Object.entries(flags)
      .filter(([, on]) => on === true)
      .map(([flag]) => [flag, 'true']),
  );

/** One page of a queue: the list language's query plus the queue's own flags. */
export const useReviewQueue = (queue: QueueSlug, query: ListQuery, flags: QueueFlags) =>
  useApiList(reviewQueuesApi.queue, query, { params: { queue }, extra: flagParams(flags) });

export const useCheckDetail = (id: string) => useApiQuery(checksApi.check, { params: { id } });

/**
 * Every view of the reviews: the queues with the landing page's summary (all under /api/review-queues) and
 * the checks. A decision or a billing step makes them all stale.
 */
export const REVIEW_VIEWS = [reviewQueuesApi.queue, checksApi.check] as const;

/** A stale decision: another reviewer acted first (409 CHECK_DECIDED_FIRST). */
export const isDecidedFirst = (error: unknown): boolean =>
  error instanceof HttpError &&
  error.status === 409 &&
  (error.code === 'CHECK_DECIDED_FIRST' ||
    (Array.isArray(error.body) && error.body.some((entry) => entry?.code === 'CHECK_DECIDED_FIRST')));

/**
 * A check's decisions and billing steps. Each answers the check as it is now; whatever happens (success or
 * failure: a 409 means someone acted first), every view of the reviews reloads, so the reviewer never
 * decides on a stale page twice. Failures go on to the app's error handler, which shows their message.
 */
export function useCheckActions(id: string) {
  const queryClient = useQueryClient();
  const store = (detail: CheckDetail) =>
    queryClient.setQueryData(apiKey(checksApi.check, { params: { id } }), detail);
  return {
    decide: useApiMutation(checksApi.decide, { invalidates: REVIEW_VIEWS, onSuccess: store }),
    bill: useApiMutation(checksApi.bill, { invalidates: REVIEW_VIEWS, onSuccess: store }),
  };
}
