import type { ListQuery } from '@portal/list-query';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useHttp } from '../../../http/http-context';
import { fetchListPage } from '../../../table/list-page';

/** A tooltip as the API answers it (apps/api/src/modules/tooltips). */
export interface Tooltip {
  id: string;
  key: string;
  screen: string;
  text: string;
  active: boolean;
  updatedAt: string;
  version: number;
}

export type TooltipInput = Pick<Tooltip, 'key' | 'screen' | 'text' | 'active'>;

const TOOLTIPS = '/api/tooltips';

export function useTooltipList(query: ListQuery) {
  const http = useHttp();
  return useQuery({
    queryKey: ['tooltips', 'list', query],
    queryFn: ({ signal }) => fetchListPage<Tooltip>(http, TOOLTIPS, query, signal),
    placeholderData: keepPreviousData,
  });
}

/** Writes refresh the admin list and the tooltip texts every form shows (forms/use-tooltips.ts). */
export function useTooltipMutations() {
  const http = useHttp();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['tooltips'] });
  return {
    create: useMutation({
      mutationFn: (input: TooltipInput) => http<Tooltip>(TOOLTIPS, { method: 'POST', body: input }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, ...input }: TooltipInput & { id: string; version: number }) =>
        http<Tooltip>(`${TOOLTIPS}/${id}`, { method: 'PUT', body: input }),
      onSettled: refresh,
    }),
  };
}
