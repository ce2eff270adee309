import { CHECK_STATUSES, type CheckStatus, QUEUE_FLAGS, type QueueSlug } from '@portal/contracts';
import { isAwaitingReview } from '@portal/domain';
import { createListQuery, type Filter, stringifyListQuery, type Where } from '@portal/list-query';
import type { QueueFlags } from '../reviews-api';

// The links into the queues, apart from the queue's table state (queue-params.ts): the reviewers' landing
// page, the first page most reviewers see, needs only these (the first page's weight).

/** The checks that wait on a reviewer (domain isAwaitingReview): what "open" counts on the landing page. */
export const OPEN_STATUSES = CHECK_STATUSES.filter(isAwaitingReview);

/**
 * Every status: a queue never holds a check not submitted, so "not NOT_SUBMITTED" keeps all its checks
 * (without a status filter, a queue holds its open ones: contracts REVIEW_QUEUE_LIST defaultWhere).
 */
export const EVERY_STATUS: Filter = { type: 'not', value: 'NOT_SUBMITTED' };

/**
 * A link into a queue, in the URL form its table reads (spec §7): `/emvo/legitimacy?status=A,B&overdue=true`;
 * with no status, the queue's open checks; `'every'`, all of them.
 */
export function queueHref(
  queue: QueueSlug,
  options: { status?: readonly CheckStatus[] | 'every'; flags?: QueueFlags } = {},
): string {
  const { status } = options;
  const where: Where =
    status === 'every'
      ? { status: EVERY_STATUS }
      : status
        ? { status: { type: 'equal', value: [...status] } }
        : {};
  const { page: _page, limit: _limit, ...params } = stringifyListQuery(createListQuery({ where }));
  const flags = QUEUE_FLAGS.filter((flag) => options.flags?.[flag] === true).map((flag): [string, string] => [
    flag,
    'true',
  ]);
  // Commas stay as they are: a list reads better as `A,B` than `A%2CB`, and both read back alike.
  const search = [...Object.entries(params), ...flags]
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value).replaceAll('%2C', ',')}`)
    .join('&');
  return `/emvo/${queue}${search ? `?${search}` : ''}`;
}
