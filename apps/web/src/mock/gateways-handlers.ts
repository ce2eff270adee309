import { type GatewayInput, gatewaysApi } from '@portal/contracts';
import type { HttpHandler } from 'msw';
import { createMockGateways, MOCK_GATEWAY_CHOICES, type MockGateway } from './mock-data';
import { apiError, type MockContext } from './mock-http';
import { createInMemoryStore, crudHandlers } from './mock-resource';

/** The API's answer: the stored gateway with the organisations that chose it (apps/api gateways toDto). */
export type MockGatewayDto = MockGateway & { inUse: boolean; organisationCount: number };

const organisationCount = (id: string) =>
  [...MOCK_GATEWAY_CHOICES.values()].filter((gatewayId) => gatewayId === id).length;

const toDto = (row: MockGateway): MockGatewayDto => {
  const count = organisationCount(row.id);
  return { ...row, inUse: count > 0, organisationCount: count };
};

/** /api/gateways (apps/api modules/gateways): list, read, create, replace, delete when unused. */
export function gatewaysHandlers(context: MockContext): HttpHandler[] {
  const store = createInMemoryStore<MockGateway, GatewayInput>(createMockGateways(), {
    missing: (id) => `No gateway ${id}`,
    newId: context.newId,
    stamped: true,
    rules: {
      // The API's unique index on lower(name).
      conflict: (input, rows, exceptId) =>
        rows.some((row) => row.id !== exceptId && row.name.toLowerCase() === input.name.toLowerCase())
          ? apiError(409, 'GATEWAY_NAME_TAKEN', `A gateway named '${input.name}' exists already`)
          : undefined,
      // domain.md: a gateway in use cannot be deleted; it is deactivated instead.
      undeletable: (row) => {
        const count = organisationCount(row.id);
        if (count === 0) return undefined;
        const who = count === 1 ? 'An organisation uses' : `${count} organisations use`;
        return apiError(409, 'GATEWAY_IN_USE', `${who} this gateway; deactivate it instead`);
      },
    },
  });
  return crudHandlers(context, gatewaysApi, store, toDto);
}
