import {
  type BillingStepInput,
  type CheckAssignmentInput,
  type CheckDecisionInput,
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
import { FIELD_ERRORS, INLINE_ERRORS } from '../../http/error-handler';

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

/** The calls of a step on one check: a decision, a billing step. */
export interface CheckCalls {
  decide: (body: CheckDecisionInput) => Promise<unknown>;
  /**
   * The same decision sent again with `takeOver`, once the reviewer answered "take it over?" (the form
   * dialog is gone by then): a refusal shows as any other, through the error handler.
   */
  takeOver: (body: CheckDecisionInput) => Promise<unknown>;
  bill: (body: BillingStepInput) => Promise<unknown>;
}

/**
 * A check's decisions and billing steps, from their form dialogs (check-action-dialog.tsx), which show a
 * refusal beside the form (INLINE_ERRORS): someone who decided first (409 CHECK_DECIDED_FIRST), an invoice
 * number of the wrong shape. Each answers the check as it is now; whatever happens, every view of the
 * reviews reloads, so the reviewer never decides on a stale page twice.
 */
export function useCheckActions(id: string): CheckCalls {
  const queryClient = useQueryClient();
  const store = (detail: CheckDetail) =>
    queryClient.setQueryData(apiKey(checksApi.check, { params: { id } }), detail);
  const options = { invalidates: REVIEW_VIEWS, onSuccess: store, meta: INLINE_ERRORS };
  const { mutateAsync: decide } = useApiMutation(checksApi.decide, options);
  const { mutateAsync: bill } = useApiMutation(checksApi.bill, options);
  const { mutateAsync: takeOver } = useApiMutation(checksApi.decide, {
    invalidates: REVIEW_VIEWS,
    onSuccess: store,
  });
  return {
    decide: (body) => decide({ params: { id }, body }),
    takeOver: (body) => takeOver({ params: { id }, body: { ...body, takeOver: true } }),
    bill: (body) => bill({ params: { id }, body }),
  };
}

/** Who a check can be assigned to (GET /api/reviewers): the active reviewers, by name. */
export const useReviewers = () => useApiQuery(checksApi.reviewers, {});

/**
 * Assigns the check (to me, to a colleague, to nobody) at the version the reviewer sees; the answer is the
 * check as it is now, and the queues reload (their assignee column, "assigned to me").
 */
export function useAssignCheck(id: string) {
  const queryClient = useQueryClient();
  const { mutateAsync, isPending } = useApiMutation(checksApi.assign, {
    invalidates: REVIEW_VIEWS,
    onSuccess: (detail) => queryClient.setQueryData(apiKey(checksApi.check, { params: { id } }), detail),
  });
  return { assign: (body: CheckAssignmentInput) => mutateAsync({ params: { id }, body }), isPending };
}

/** The reviewers' internal notes on a check, oldest first. */
export const useCheckNotes = (id: string) => useApiQuery(checksApi.notes, { params: { id } });

/**
 * Writes a note; the answer is every note of the check, which replaces the list shown. The check reloads:
 * its timeline tells the note too.
 */
export function useAddCheckNote(id: string) {
  const queryClient = useQueryClient();
  return useApiMutation(checksApi.addNote, {
    meta: FIELD_ERRORS,
    invalidates: [checksApi.check],
    onSuccess: (notes) => queryClient.setQueryData(apiKey(checksApi.notes, { params: { id } }), notes),
  });
}
