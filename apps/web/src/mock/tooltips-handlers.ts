import { tooltipInputSchema, tooltipUpdateSchema } from '@portal/contracts';
import { delay, type HttpHandler, HttpResponse, http } from 'msw';
import { z } from 'zod';
import { type MockListResource, runInMemoryList } from './in-memory-list';
import { createMockTooltips, type MockTooltip } from './mock-data';
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

/** The API's admins' list of tooltips (apps/api modules/tooltips/tooltips-list.ts). */
export const TOOLTIPS_LIST: MockListResource = {
  fields: {
    key: { type: 'text' },
    screen: { type: 'text' },
    text: { type: 'text' },
    active: { type: 'boolean' },
    updatedAt: { type: 'date' },
  },
  searchFields: ['key', 'text'],
  defaultOrder: ['key'],
  tieBreaker: 'id',
  maxLimit: 100,
};

const tooltipParams = z.object({ id: z.uuid() });

const notFound = (id: string) => apiError(404, 'NOT_FOUND', `No tooltip ${id}`);
const keyTaken = (key: string) =>
  apiError(409, 'TOOLTIP_KEY_TAKEN', `A tooltip with the key '${key}' exists already`);

/** /api/tooltips (apps/api modules/tooltips): list, the active ones as { key: text }, read, write, delete. */
export function tooltipsHandlers({ delayMs, newId }: MockContext): HttpHandler[] {
  const tooltips = createMockTooltips();
  // The API's unique key (case-sensitive there too; keys are lower-case anyway).
  const keyIsTaken = (key: string, exceptId?: string) =>
    tooltips.some((row) => row.id !== exceptId && row.key === key);

  return [
    http.get('/api/tooltips', async ({ request }) => {
      await delay(delayMs);
      if (!signedIn(request)) return unauthorized();
      const result = runInMemoryList(tooltips, new URL(request.url).searchParams, TOOLTIPS_LIST);
      if (!result.ok) return apiError(400, result.error.code, result.error.message);
      return HttpResponse.json(result.page);
    }),

    // Before /api/tooltips/:id, which would read 'active' as an id.
    http.get('/api/tooltips/active', async ({ request }) => {
      await delay(delayMs);
      if (!signedIn(request)) return unauthorized();
      const active = tooltips
        .filter((row) => row.active)
        .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
      return HttpResponse.json(Object.fromEntries(active.map((row) => [row.key, row.text])));
    }),

    http.get('/api/tooltips/:id', async ({ params, request }) => {
      await delay(delayMs);
      if (!signedIn(request)) return unauthorized();
      const valid = validate(tooltipParams, params);
      if (!valid.ok) return valid.response;
      const found = tooltips.find((row) => row.id === valid.value.id);
      return found ? HttpResponse.json(found) : notFound(valid.value.id);
    }),

    http.post('/api/tooltips', async ({ request }) => {
      await delay(delayMs);
      if (!signedIn(request)) return unauthorized();
      const input = await readBody(request, tooltipInputSchema);
      if (!input.ok) return input.response;
      if (keyIsTaken(input.value.key)) return keyTaken(input.value.key);
      const now = new Date().toISOString();
      const row: MockTooltip = {
        id: newId(),
        ...input.value,
        createdAt: now,
        updatedAt: now,
        createdBy: MOCK_ACTOR,
        updatedBy: MOCK_ACTOR,
        version: 1,
      };
      tooltips.push(row);
      return HttpResponse.json(row, { status: 201 });
    }),

    http.put('/api/tooltips/:id', async ({ params, request }) => {
      await delay(delayMs);
      if (!signedIn(request)) return unauthorized();
      const valid = validate(tooltipParams, params);
      if (!valid.ok) return valid.response;
      const input = await readBody(request, tooltipUpdateSchema);
      if (!input.ok) return input.response;
      const { id } = valid.value;
      const index = tooltips.findIndex((row) => row.id === id);
      const current = tooltips[index];
      if (!current) return notFound(id);
      if (current.version !== input.value.version) return versionConflict();
      if (keyIsTaken(input.value.key, id)) return keyTaken(input.value.key);
      const { version, ...changes } = input.value;
      const updated: MockTooltip = {
        ...current,
        ...changes,
        updatedAt: new Date().toISOString(),
        updatedBy: MOCK_ACTOR,
        version: version + 1,
      };
      tooltips[index] = updated;
      return HttpResponse.json(updated);
    }),

    http.delete('/api/tooltips/:id', async ({ params, request }) => {
      await delay(delayMs);
      if (!signedIn(request)) return unauthorized();
      const valid = validate(tooltipParams, params);
      if (!valid.ok) return valid.response;
      const index = tooltips.findIndex((row) => row.id === valid.value.id);
      if (index < 0) return notFound(valid.value.id);
      tooltips.splice(index, 1);
      return noContent();
    }),
  ];
}
