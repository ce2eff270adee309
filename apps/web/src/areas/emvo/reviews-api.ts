import type {
  BillingStepInput,
  CheckDecisionInput,
  CheckDetail,
  QueueFlag,
  QueueSlug,
  QueueSummary,
  ReviewQueueRow,
} from '@portal/contracts';
import type { ListQuery } from '@portal/list-query';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { HttpError } from '../../http/http-client';
import { useHttp } from '../../http/http-context';
import { fetchListPage } from '../../table/list-page';

/** The reviewers' calls (apps/api modules/reviews, contracts reviews.ts). */
export const queuePath = (queue: QueueSlug) => `/api/review-queues/${queue}`;
export const QUEUE_SUMMARY_PATH = '/api/review-queues/summary';
export const checkPath = (id: string) => `/api/checks/${id}`;
export const decisionsPath = (id: string) => `${checkPath(id)}/decisions`;
export const billingPath = (id: string) => `${checkPath(id)}/billing`;

export const REVIEWS_KEY = ['reviews'] as const;
const checkKey = (id: string) => [...REVIEWS_KEY, 'check', id] as const;

/** The queue flags that are on: `assignedToMe=true`, `overdue=true` (contracts QUEUE_FLAGS). */
export type QueueFlags = Partial<Record<QueueFlag, boolean>>;

/** One page of a queue: the list language's query plus the queue's own flags. */
export function useReviewQueue(queue: QueueSlug, query: ListQuery, flags: QueueFlags) {
  const http = useHttp();
  return useQuery({
    queryKey: [...REVIEWS_KEY, 'queue', queue, query, flags],
    queryFn: ({ signal }) => {
      const on = Object.entries(flags).filter(([, value]) => value === true);
      const extra = Object.fromEntries(on.map(([flag]) => [flag, 'true']));
      return fetchListPage<ReviewQueueRow>(http, queuePath(queue), query, signal, extra);
    },
    placeholderData: keepPreviousData,
  });
}

/** What waits in each queue, for the landing page. */
export function useQueueSummary() {
  const http = useHttp();
  return useQuery({
    queryKey: [...REVIEWS_KEY, 'summary'],
    queryFn: ({ signal }) => http<QueueSummary>(QUEUE_SUMMARY_PATH, { signal }),
  });
}

export function useCheckDetail(id: string) {
  const http = useHttp();
  return useQuery({
    queryKey: checkKey(id),
    queryFn: ({ signal }) => http<CheckDetail>(checkPath(id), { signal }),
  });
}

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
  const http = useHttp();
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: REVIEWS_KEY });
  const store = (detail: CheckDetail) => queryClient.setQueryData(checkKey(id), detail);
  return {
    decide: useMutation({
      mutationFn: (input: CheckDecisionInput) =>
        http<CheckDetail>(decisionsPath(id), { method: 'POST', body: input }),
      onSuccess: store,
      onSettled: reload,
    }),
    bill: useMutation({
      mutationFn: (input: BillingStepInput) =>
        http<CheckDetail>(billingPath(id), { method: 'POST', body: input }),
      onSuccess: store,
      onSettled: reload,
    }),
  };
}
