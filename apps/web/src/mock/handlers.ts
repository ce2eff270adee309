import { CHECK_STATUSES, linkInputSchema, linkUpdateSchema, ORG_TYPES, STAGES } from '@portal/contracts';
import { delay, type HttpHandler, HttpResponse, http, passthrough } from 'msw';
import { z } from 'zod';
import { gatewaysHandlers } from './gateways-handlers';
import { type MockListResource, runInMemoryList } from './in-memory-list';
import { createMockLinks, demoId, MOCK_ORGANISATIONS, type MockLink } from './mock-data';
import {
  apiError,
  type MockContext,
  readJson,
  signedIn,
  unauthorized,
  validate,
  versionConflict,
} from './mock-http';
import { tooltipsHandlers } from './tooltips-handlers';

/** spec §7 and §9: with mock configured, mock responses replace calls, delayed 300 ms. */
export const MOCK_DELAY_MS = 300;

export interface MockHandlersOptions {
  /** Tests pass 0; the app uses the spec's 300 ms. */
  delayMs?: number;
}

// The API's link schemas (apps/api modules/links/links-schemas.ts), repeated because an app never
// imports another app; the same zod rules give the same field messages.
const listIdSchema = z.string().regex(/^[a-z0-9-]{1,50}$/, 'A list id is lower-case letters, digits and -');
const linkParams = z.object({ id: listIdSchema });
const linkItemParams = z.object({ id: listIdSchema, linkId: z.uuid() });

/** The API's reviewers' list (apps/api modules/organisations/organisations-list.ts). */
export const ORGANISATIONS_LIST: MockListResource = {
  fields: {
    obpNumber: { type: 'text' },
    legalName: { type: 'text' },
    orgType: { type: 'enum', values: ORG_TYPES },
    email: { type: 'text' },
    'address.city': { type: 'text' },
    'address.country': { type: 'text' },
    stage: { type: 'enum', values: STAGES },
    legitimacyStatus: { type: 'enum', values: CHECK_STATUSES },
    contractualStatus: { type: 'enum', values: CHECK_STATUSES },
    financialStatus: { type: 'enum', values: CHECK_STATUSES },
    mahCount: { type: 'integer' },
    submittedAt: { type: 'date' },
    createdAt: { type: 'date' },
  },
  searchFields: ['legalName', 'obpNumber', 'email'],
  defaultOrder: ['-createdAt'],
  tieBreaker: 'id',
  maxLimit: 100,
};

const notFound = (listId: string, linkId: string) =>
  apiError(404, 'NOT_FOUND', `No link ${linkId} in ${listId}`);

/** A list's links in their order, then by label (apps/api links-repository listLinks). */
const inOrder = (links: readonly MockLink[]) =>
  [...links].sort((a, b) => a.order - b.order || a.label.localeCompare(b.label, 'en'));

/** The active links of a list, in their order: what visitors see. */
const activeInOrder = (links: readonly MockLink[]) => inOrder(links.filter((link) => link.active));

/**
 * Every call the SPA makes (spec §7): links, the organisations list, gateways and tooltips, answered in memory. Each call to this
 * function starts from fresh demo data, so tests do not share state.
 */
export function createMockHandlers(options: MockHandlersOptions = {}): HttpHandler[] {
  const delayMs = options.delayMs ?? MOCK_DELAY_MS;
  const links = createMockLinks();
  const listOf = (listId: string): MockLink[] => links.get(listId) ?? [];
  // Counted rather than random: crypto.randomUUID needs a secure context, which a LAN address is not.
  let created = 0;
  const newId = () => demoId('b1', ++created);
  const context: MockContext = { delayMs, newId };

  return [
    // Translations are the real static files (public/assets/i18n), never mocked.
    http.get('/assets/i18n/*', () => passthrough()),

    http.get('/api/organisations', async ({ request }) => {
      await delay(delayMs);
      if (!signedIn(request)) return unauthorized();
      const result = runInMemoryList(
        MOCK_ORGANISATIONS,
        new URL(request.url).searchParams,
        ORGANISATIONS_LIST,
      );
      if (!result.ok) return apiError(400, result.error.code, result.error.message);
      return HttpResponse.json(result.page);
    }),

    http.get('/links/:id', async ({ params }) => {
      await delay(delayMs);
      const valid = validate(linkParams, params);
      if (!valid.ok) return valid.response;
      return HttpResponse.json(activeInOrder(listOf(valid.value.id)));
    }),

    // Before /links/:id/:linkId, which would read 'all' as a link id.
    http.get('/links/:id/all', async ({ params, request }) => {
      await delay(delayMs);
      if (!signedIn(request)) return unauthorized();
      const valid = validate(linkParams, params);
      if (!valid.ok) return valid.response;
      return HttpResponse.json(inOrder(listOf(valid.value.id)));
    }),

    http.get('/links/:id/:linkId', async ({ params }) => {
      await delay(delayMs);
      const valid = validate(linkItemParams, params);
      if (!valid.ok) return valid.response;
      const { id, linkId } = valid.value;
      const found = listOf(id).find((link) => link.id === linkId);
      return found ? HttpResponse.json(found) : notFound(id, linkId);
    }),

    http.post('/links/:id', async ({ params, request }) => {
      await delay(delayMs);
      if (!signedIn(request)) return unauthorized();
      const valid = validate(linkParams, params);
      if (!valid.ok) return valid.response;
      const body = await readJson(request);
      if (!body.ok) return body.response;
      const input = validate(linkInputSchema, body.value);
      if (!input.ok) return input.response;
      const link: MockLink = { id: newId(), ...input.value, version: 1 };
      links.set(valid.value.id, [...listOf(valid.value.id), link]);
      return HttpResponse.json(link, { status: 201 });
    }),

    http.put('/links/:id/:linkId', async ({ params, request }) => {
      await delay(delayMs);
      if (!signedIn(request)) return unauthorized();
      const valid = validate(linkItemParams, params);
      if (!valid.ok) return valid.response;
      const body = await readJson(request);
      if (!body.ok) return body.response;
      const input = validate(linkUpdateSchema, body.value);
      if (!input.ok) return input.response;
      const { id, linkId } = valid.value;
      const list = listOf(id);
      const index = list.findIndex((link) => link.id === linkId);
      const current = list[index];
      if (!current) return notFound(id, linkId);
      // domain.md: optimistic locking; a stale version never overwrites someone else's change.
      if (current.version !== input.value.version) {
        return versionConflict();
      }
      const { version, ...changes } = input.value;
      const updated: MockLink = { ...current, ...changes, version: version + 1 };
      list[index] = updated;
      return HttpResponse.json(updated);
    }),

    http.delete('/links/:id/:linkId', async ({ params, request }) => {
      await delay(delayMs);
      if (!signedIn(request)) return unauthorized();
      const valid = validate(linkItemParams, params);
      if (!valid.ok) return valid.response;
      const { id, linkId } = valid.value;
      const list = listOf(id);
      const index = list.findIndex((link) => link.id === linkId);
      if (index < 0) return notFound(id, linkId);
      list.splice(index, 1);
      return new HttpResponse(null, { status: 204 });
    }),

    ...gatewaysHandlers(context),
    ...tooltipsHandlers(context),
  ];
}
