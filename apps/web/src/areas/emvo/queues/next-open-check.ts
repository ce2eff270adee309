import { type QueueSlug, reviewQueuesApi } from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiQueryOptions } from '../../../http/api-hooks';
import { useHttp } from '../../../http/http-context';
import { readTableQuery } from '../../../table/use-table-params';
import { flagParams } from '../reviews-api';
import { OPEN_STATUSES } from './queue-links';
import { QUEUE_SCOPE, splitFlags } from './queue-params';

/**
 * What the check page knows of the queue it was opened from: the queue's URL state (`?order=…&country=FR`),
 * carried in the router's location state by the queue's links, so the next check follows that queue's
 * order and filters. A check opened from elsewhere follows the queue as it opens (its default order).
 */
export interface QueueTrail {
  queueSearch: string;
}

export const isQueueTrail = (state: unknown): state is QueueTrail =>
  typeof state === 'object' &&
  state !== null &&
  'queueSearch' in state &&
  typeof state.queueSearch === 'string';

/**
 * The queue's call that answers the next open check: the queue's order, search, filters and flags as its
 * URL holds them, its statuses narrowed to the open ones (whatever status the reviewer chose, the next
 * check is one waiting on a reviewer), the first two rows (the one just decided may still be open).
 */
export function nextOpenCheckInput(queue: QueueSlug, queueSearch: string) {
  const { query } = readTableQuery(new URLSearchParams(queueSearch), QUEUE_SCOPE, { page: 1, limit: 2 });
  const { query: list, flags } = splitFlags(query);
  const open = {
    ...list,
    where: { ...list.where, status: { type: 'equal' as const, value: [...OPEN_STATUSES] } },
  };
  return { params: { queue }, query: { list: open, extra: flagParams(flags) } };
}

/**
 * "Next open check": finds, through the API, the first open check of the queue other than this one, in
 * the queue's order (a day's work takes the queue from the top: the check just decided has left it). The
 * answer is null when none is left; a failed call rejects (the error handler has said why).
 */
export function useNextOpenCheck(queue: QueueSlug, checkId: string, trail: QueueTrail | null) {
  const http = useHttp();
  const queryClient = useQueryClient();
  const [finding, setFinding] = useState(false);
  const find = async (): Promise<string | null> => {
    setFinding(true);
    try {
      const input = nextOpenCheckInput(queue, trail?.queueSearch ?? '');
      const page = await queryClient.fetchQuery(
        apiQueryOptions(http, reviewQueuesApi.queue, input, { staleTime: 0 }),
      );
      return page.items.find((row) => row.id !== checkId)?.id ?? null;
    } finally {
      setFinding(false);
    }
  };
  return { find, finding };
}
