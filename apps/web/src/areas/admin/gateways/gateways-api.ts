import { gatewaysApi } from '@portal/contracts';
import type { ListQuery } from '@portal/list-query';
import { useApiList, useApiMutation } from '../../../http/api-hooks';

export type { Gateway, GatewayInput } from '@portal/contracts';
export { GATEWAY_ENVIRONMENTS, GATEWAY_TYPES } from '@portal/contracts';

export const useGateways = (query: ListQuery) => useApiList(gatewaysApi.list, query);

export function useGatewayMutations() {
  const invalidates = [gatewaysApi.list];
  return {
    create: useApiMutation(gatewaysApi.create, { invalidates }),
    update: useApiMutation(gatewaysApi.update, { invalidates }),
    remove: useApiMutation(gatewaysApi.remove, { invalidates }),
  };
}
