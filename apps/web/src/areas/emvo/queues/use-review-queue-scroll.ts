import type { QueueSlug, ReviewQueueRow } from '@portal/contracts';
import type { ListQuery } from '@portal/list-query';
import { useHttp } from '../../../http/http-context';
import { fetchListPage } from '../../../table/list-page';
import { useInfiniteList } from '../../../table/use-infinite-list';
import { type QueueFlags, queuePath, REVIEWS_KEY } from '../reviews-api';

/** The flags that are on, as the call's own params: `{ overdue: 'true' }` (contracts QUEUE_FLAGS). */
export const flagParams = (flags: QueueFlags): Record<string, string> =>
  Object.fromEntries(
    Object.entries(flags)
      .filter(([, on]) => on === true)
      .map(([flag]) => [flag, 'true']),
  );

/**
 * A queue read page after page as the reader scrolls (spec §4 infinite scroll), with the same call as
 * useReviewQueue. Under REVIEWS_KEY, so a decision on a check reloads it too.
 */
export function useReviewQueueScroll(queue: QueueSlug, query: ListQuery, flags: QueueFlags) {
  const http = useHttp();
  return useInfiniteList<ReviewQueueRow>({
    queryKey: [...REVIEWS_KEY, 'queue-scroll', queue, flags],
    query,
    fetchPage: (page, signal) => fetchListPage(http, queuePath(queue), page, signal, flagParams(flags)),
  });
}
