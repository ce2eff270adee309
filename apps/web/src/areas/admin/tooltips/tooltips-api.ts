import { type Tooltip, type TooltipInput, tooltipsApi } from '@portal/contracts';
import type { ListQuery } from '@portal/list-query';
import { useApiList, useApiMutation } from '../../../http/api-hooks';
import { INLINE_ERRORS } from '../../../http/error-handler';

export type { Tooltip, TooltipInput } from '@portal/contracts';

export const useTooltipList = (query: ListQuery) => useApiList(tooltipsApi.list, query);

/**
 * Create or update, from the form dialog (tooltip-form.tsx), which shows a refusal beside the form
 * (INLINE_ERRORS). Writes refresh the admin list and the tooltip texts every form shows
 * (forms/use-tooltips.ts): both queries sit under /api/tooltips.
 */
export function useSaveTooltip() {
  const options = { invalidates: [tooltipsApi.list], meta: INLINE_ERRORS };
  const { mutateAsync: create } = useApiMutation(tooltipsApi.create, options);
  const { mutateAsync: update } = useApiMutation(tooltipsApi.update, options);
  return (input: TooltipInput, tooltip: Tooltip | undefined) =>
    tooltip
      ? update({ params: { id: tooltip.id }, body: { ...input, version: tooltip.version } })
      : create({ body: input });
}
