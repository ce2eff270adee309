import { gatewaysApi } from '@portal/contracts';
import type { ListQuery } from '@portal/list-query';
import { useApiList, useApiMutation } from '../../../http/api-hooks';
import { INLINE_ERRORS } from '../../../http/error-handler';

export type { Gateway, GatewayInput } from '@portal/contracts';
export { GATEWAY_ENVIRONMENTS, GATEWAY_TYPES } from '@portal/contracts';

export const useGateways = (query: ListQuery) => useApiList(gatewaysApi.list, query);

/** Creating and editing happen in a form dialog, which shows their refusals itself (INLINE_ERRORS). */
export function useGatewayMutations() {
  const invalidates = [gatewaysApi.list];
  return {
    create: useApiMutation(gatewaysApi.create, { invalidates, meta: INLINE_ERRORS }),
    update: useApiMutation(gatewaysApi.update, { invalidates, meta: INLINE_ERRORS }),
    remove: useApiMutation(gatewaysApi.remove, { invalidates }),
  };
}
