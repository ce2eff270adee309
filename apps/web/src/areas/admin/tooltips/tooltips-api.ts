import { tooltipsApi } from '@portal/contracts';
import type { ListQuery } from '@portal/list-query';
import { useApiList, useApiMutation } from '../../../http/api-hooks';

export type { Tooltip, TooltipInput } from '@portal/contracts';

export const useTooltipList = (query: ListQuery) => useApiList(tooltipsApi.list, query);

/**
 * Writes refresh the admin list and the tooltip texts every form shows (forms/use-tooltips.ts): both
 * queries sit under /api/tooltips.
 */
export function useTooltipMutations() {
  const invalidates = [tooltipsApi.list];
  return {
    create: useApiMutation(tooltipsApi.create, { invalidates }),
    update: useApiMutation(tooltipsApi.update, { invalidates }),
  };
}
