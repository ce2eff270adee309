import {
  GATEWAY_ENVIRONMENTS,
  GATEWAY_TYPES,
  gatewayInputSchema,
  gatewayUpdateSchema,
} from '@portal/contracts';
import { delay, type HttpHandler, HttpResponse, http } from 'msw';
import { z } from 'zod';
import { type MockListResource, runInMemoryList } from './in-memory-list';
import { createMockGateways, MOCK_GATEWAY_CHOICES, type MockGateway } from './mock-data';
import {
  apiError,
  MOCK_ACTOR,
  type MockContext,
  noContent,
  readBody,
  signedIn,
  unauthorized,
  validate,
  versionConflict,
} from './mock-http';

/** The API's admins' list of gateways (apps/api modules/gateways/gateways-list.ts). */
export const GATEWAYS_LIST: MockListResource = {
  fields: {
    name: { type: 'text' },
    type: { type: 'enum', values: GATEWAY_TYPES },
    // environments=IQE: the gateway offers IQE; environments=IQE,PRD: it offers both.
    environments: { type: 'textArray', values: GATEWAY_ENVIRONMENTS },
    certified: { type: 'boolean' },
    active: { type: 'boolean' },
    certifiedAt: { type: 'date' },
    createdAt: { type: 'date' },
    updatedAt: { type: 'date' },
    website: { type: 'text' },
    contactEmail: { type: 'text' },
  },
  searchFields: ['name', 'website', 'contactEmail'],
  defaultOrder: ['name'],
  tieBreaker: 'id',
  maxLimit: 100,
};

const gatewayParams = z.object({ id: z.uuid() });

/** The API's answer: the stored gateway with the organisations that chose it (apps/api gateways toDto). */
export type MockGatewayDto = MockGateway & { inUse: boolean; organisationCount: number };

const notFound = (id: string) => apiError(404, 'NOT_FOUND', `No gateway ${id}`);
const nameTaken = (name: string) =>
  apiError(409, 'GATEWAY_NAME_TAKEN', `A gateway named '${name}' exists already`);
const inUse = (count: number) =>
  apiError(
    409,
    'GATEWAY_IN_USE',
    `${count === 1 ? 'An organisation uses' : `${count} organisations use`} this gateway; deactivate it instead`,
  );

/** /api/gateways (apps/api modules/gateways): list, read, create, replace, delete when unused. */
export function gatewaysHandlers({ delayMs, newId }: MockContext): HttpHandler[] {
  const gateways = createMockGateways();
  const organisationCount = (id: string) =>
    [...MOCK_GATEWAY_CHOICES.values()].filter((gatewayId) => gatewayId === id).length;
  const toDto = (row: MockGateway): MockGatewayDto => {
    const count = organisationCount(row.id);
    return { ...row, inUse: count > 0, organisationCount: count };
  };
  // The API's unique index on lower(name).
  const nameIsTaken = (name: string, exceptId?: string) =>
    gateways.some((row) => row.id !== exceptId && row.name.toLowerCase() === name.toLowerCase());

  return [
    http.get('/api/gateways', async ({ request }) => {
      await delay(delayMs);
      if (!signedIn(request)) return unauthorized();
      const result = runInMemoryList(gateways.map(toDto), new URL(request.url).searchParams, GATEWAYS_LIST);
      if (!result.ok) return apiError(400, result.error.code, result.error.message);
      return HttpResponse.json(result.page);
    }),

    http.get('/api/gateways/:id', async ({ params, request }) => {
      await delay(delayMs);
      if (!signedIn(request)) return unauthorized();
      const valid = validate(gatewayParams, params);
      if (!valid.ok) return valid.response;
      const found = gateways.find((row) => row.id === valid.value.id);
      return found ? HttpResponse.json(toDto(found)) : notFound(valid.value.id);
    }),

    http.post('/api/gateways', async ({ request }) => {
      await delay(delayMs);
      if (!signedIn(request)) return unauthorized();
      const input = await readBody(request, gatewayInputSchema);
      if (!input.ok) return input.response;
      if (nameIsTaken(input.value.name)) return nameTaken(input.value.name);
      const now = new Date().toISOString();
      const row: MockGateway = {
        id: newId(),
        ...input.value,
        createdAt: now,
        updatedAt: now,
        createdBy: MOCK_ACTOR,
        updatedBy: MOCK_ACTOR,
        version: 1,
      };
      gateways.push(row);
      return HttpResponse.json(toDto(row), { status: 201 });
    }),

    http.put('/api/gateways/:id', async ({ params, request }) => {
      await delay(delayMs);
      if (!signedIn(request)) return unauthorized();
      const valid = validate(gatewayParams, params);
      if (!valid.ok) return valid.response;
      const input = await readBody(request, gatewayUpdateSchema);
      if (!input.ok) return input.response;
      const { id } = valid.value;
      const index = gateways.findIndex((row) => row.id === id);
      const current = gateways[index];
      if (!current) return notFound(id);
      if (current.version !== input.value.version) return versionConflict();
      if (nameIsTaken(input.value.name, id)) return nameTaken(input.value.name);
      const { version, ...changes } = input.value;
      const updated: MockGateway = {
        ...current,
        ...changes,
        updatedAt: new Date().toISOString(),
        updatedBy: MOCK_ACTOR,
        version: version + 1,
      };
      gateways[index] = updated;
      return HttpResponse.json(toDto(updated));
    }),

    http.delete('/api/gateways/:id', async ({ params, request }) => {
      await delay(delayMs);
      if (!signedIn(request)) return unauthorized();
      const valid = validate(gatewayParams, params);
      if (!valid.ok) return valid.response;
      const { id } = valid.value;
      const index = gateways.findIndex((row) => row.id === id);
      if (index < 0) return notFound(id);
      // domain.md: a gateway in use cannot be deleted; it is deactivated instead.
      const count = organisationCount(id);
      if (count > 0) return inUse(count);
      gateways.splice(index, 1);
      return noContent();
    }),
  ];
}
