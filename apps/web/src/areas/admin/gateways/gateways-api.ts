import type { GatewayEnvironment, GatewayType } from '@portal/contracts';
import type { ListQuery } from '@portal/list-query';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useHttp } from '../../../http/http-context';
import { fetchListPage } from '../../../table/list-page';

export { GATEWAY_ENVIRONMENTS, GATEWAY_TYPES } from '@portal/contracts';

/** A gateway as the API answers it (apps/api/src/modules/gateways). */
export interface Gateway {
  id: string;
  name: string;
  type: GatewayType;
  website: string | null;
  contactEmail: string | null;
  phone: string | null;
  environments: GatewayEnvironment[];
  certified: boolean;
  certifiedAt: string | null;
  active: boolean;
  notes: string | null;
  /** An organisation connects through it: it cannot be deleted, only deactivated. */
  inUse: boolean;
  organisationCount: number;
  updatedAt: string;
  version: number;
}

export type GatewayInput = Omit<Gateway, 'id' | 'inUse' | 'organisationCount' | 'updatedAt' | 'version'>;

const GATEWAYS = '/api/gateways';

export function useGateways(query: ListQuery) {
  const http = useHttp();
  return useQuery({
    queryKey: ['gateways', query],
    queryFn: ({ signal }) => fetchListPage<Gateway>(http, GATEWAYS, query, signal),
    // The previous page stays on screen while the next one loads: no flash of an empty table.
    placeholderData: keepPreviousData,
  });
}

export function useGatewayMutations() {
  const http = useHttp();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['gateways'] });
  return {
    create: useMutation({
      mutationFn: (input: GatewayInput) => http<Gateway>(GATEWAYS, { method: 'POST', body: input }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, ...input }: GatewayInput & { id: string; version: number }) =>
        http<Gateway>(`${GATEWAYS}/${id}`, { method: 'PUT', body: input }),
      onSettled: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: string) => http<void>(`${GATEWAYS}/${id}`, { method: 'DELETE' }),
      onSettled: refresh,
    }),
  };
}
