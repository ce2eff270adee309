import { type QueueSlug, type ReviewQueueRow, reviewQueuesApi } from '@portal/contracts';
import type { ListQuery } from '@portal/list-query';
import { apiKey, callApi } from '../../../http/api-call';
import { useHttp } from '../../../http/http-context';
import { useInfiniteList } from '../../../table/use-infinite-list';
import { flagParams, type QueueFlags } from '../reviews-api';

/**
 * A queue read page after page as the reader scrolls (spec §4 infinite scroll), with the same call as
 * useReviewQueue. Under the queue's key, so a decision on a check reloads it too (reviews-api REVIEW_VIEWS).
 */
export function useReviewQueueScroll(queue: QueueSlug, query: ListQuery, flags: QueueFlags) {
  const http = useHttp();
  const params = { queue };
  const extra = flagParams(flags);
  return useInfiniteList<ReviewQueueRow>({
    queryKey: [...apiKey(reviewQueuesApi.queue, { params }), 'scroll', extra],
    query,
    fetchPage: (page, signal) =>
      callApi(http, reviewQueuesApi.queue, { params, query: { list: page, extra }, signal }),
  });
}
