import { gatewaysApi } from '@portal/contracts';
import type { GatewayRow } from '@portal/demo-data';
import type { HttpHandler } from 'msw';
import { apiError, type MockContext } from './mock-http';
import { crudHandlers, tableRef } from './mock-resource';

/** /api/gateways (apps/api modules/gateways): list, read, create, replace, delete when unused. */
export function gatewaysHandlers(context: MockContext): HttpHandler[] {
  const { db } = context;
  const organisationCount = (id: string) => db.organisations.filter((row) => row.gatewayId === id).length;
  // The API's toDto: the stored gateway with the organisations that chose it.
  const toDto = (row: GatewayRow) => {
    const count = organisationCount(row.id);
    return { ...row, inUse: count > 0, organisationCount: count };
  };
  return crudHandlers(context, gatewaysApi, tableRef('gateways', 'gateway', 'gateway'), {
    toDto,
    // The API's unique index on lower(name).
    conflict: (input, exceptId) =>
      db.gateways.some((row) => row.id !== exceptId && row.name.toLowerCase() === input.name.toLowerCase())
        ? apiError(409, 'GATEWAY_NAME_TAKEN', `A gateway named '${input.name}' exists already`)
        : undefined,
    // domain.md: a gateway in use cannot be deleted; it is deactivated instead.
    undeletable: (row) => {
      const count = organisationCount(row.id);
      const who = count === 1 ? 'An organisation uses' : `${count} organisations use`;
      return count
        ? apiError(409, 'GATEWAY_IN_USE', `${who} this gateway; deactivate it instead`)
        : undefined;
    },
  });
}
