import {
  type LinkInput,
  linkInputSchema,
  linkItemParams,
  linkParams,
  linkUpdateSchema,
  ORGANISATIONS_LIST,
} from '@portal/contracts';
import { delay, type HttpHandler, HttpResponse, http, passthrough } from 'msw';
import { auditHandlers, createMockAuditLog } from './audit-handlers';
import { disclaimerContentsHandlers } from './disclaimer-contents-handlers';
import { gatewaysHandlers } from './gateways-handlers';
import { metricsHandlers } from './metrics-handlers';
import { createMockLinks, demoId, MOCK_ORGANISATIONS, type MockLink } from './mock-data';
import { type MockContext, noContent, readBody, validate } from './mock-http';
import {
  answer,
  createInMemoryStore,
  type InMemoryStore,
  listAnswer,
  protectedHandler,
} from './mock-resource';
import { onboardingHandlers } from './onboarding-handlers';
import { registrationHandlers } from './registration-handlers';
import { reviewHandlers } from './review-handlers';
import { sessionTokenHandlers } from './session-token-handlers';
import { createMockStorage, storageAdminHandlers } from './storage-admin-handlers';
import { testRunHandlers } from './test-run-handlers';
import { tooltipsHandlers } from './tooltips-handlers';
import { userHandlers } from './users-handlers';

/** spec §7 and §9: with mock configured, mock responses replace calls, delayed 300 ms. */
export const MOCK_DELAY_MS = 300;

export interface MockHandlersOptions {
  /** Tests pass 0; the app uses the spec's 300 ms. */
  delayMs?: number;
}

/** A list's links in their order, then by label (apps/api links-repository listLinks). */
const inOrder = (links: readonly MockLink[]) =>
  [...links].sort((a, b) => a.order - b.order || a.label.localeCompare(b.label, 'en'));

/**
 * Every call the SPA makes (spec §7): links, the organisations list, gateways, tooltips, registration,
 * onboarding and the reviews, answered in memory. Each call to this function starts from fresh demo data,
 * so tests do not share state.
 */
export function createMockHandlers(options: MockHandlersOptions = {}): HttpHandler[] {
  const delayMs = options.delayMs ?? MOCK_DELAY_MS;
  // Counted rather than random: crypto.randomUUID needs a secure context, which a LAN address is not.
  let created = 0;
  const newId = () => demoId('b1', ++created);
  const context: MockContext = { delayMs, newId };
  // One store per link list: a link belongs to its list (the API's scope on listId).
  const lists = new Map<string, InMemoryStore<MockLink, LinkInput>>();
  const listOf = (listId: string) => {
    let store = lists.get(listId);
    if (!store) {
      store = createInMemoryStore<MockLink, LinkInput>([], {
        missing: (linkId) => `No link ${linkId} in ${listId}`,
        newId,
        stamped: false,
      });
      lists.set(listId, store);
    }
    return store;
  };
  for (const [listId, links] of createMockLinks()) listOf(listId).rows.push(...links);
  // The stored files and the audit trail (issue 13): the storage screen's writes show in the audit trail.
  const storage = createMockStorage();
  const audit = createMockAuditLog();
  const publicHandler =
    (handle: (params: Record<string, unknown>) => Response) =>
    async ({ params }: { params: Record<string, unknown> }) => {
      await delay(delayMs);
      return handle(params);
    };
  const withList = (
    schema: typeof linkParams,
    handle: (listId: string, request: Request) => Promise<Response>,
  ) =>
    protectedHandler(delayMs, async (request, params) => {
      const valid = validate(schema, params);
      return valid.ok ? handle(valid.value.id, request) : valid.response;
    });
  const withLink = (
    handle: (
      store: InMemoryStore<MockLink, LinkInput>,
      linkId: string,
      request: Request,
    ) => Promise<Response>,
  ) =>
    protectedHandler(delayMs, async (request, params) => {
      const valid = validate(linkItemParams, params);
      return valid.ok ? handle(listOf(valid.value.id), valid.value.linkId, request) : valid.response;
    });

  return [
    // Translations are the real static files (public/assets/i18n), never mocked.
    http.get('/assets/i18n/*', () => passthrough()),

    http.get(
      '/api/organisations',
      protectedHandler(delayMs, async (request) =>
        listAnswer(MOCK_ORGANISATIONS, new URL(request.url).searchParams, ORGANISATIONS_LIST),
      ),
    ),

    // spec §7: reads are public (the footer shows to visitors), writes need a session.
    http.get(
      '/links/:id',
      publicHandler((params) => {
        const valid = validate(linkParams, params);
        if (!valid.ok) return valid.response;
        return HttpResponse.json(inOrder(listOf(valid.value.id).rows.filter((link) => link.active)));
      }),
    ),

    // Before /links/:id/:linkId, which would read 'all' as a link id.
    http.get(
      '/links/:id/all',
      withList(linkParams, async (listId) => HttpResponse.json(inOrder(listOf(listId).rows))),
    ),

    http.get(
      '/links/:id/:linkId',
      publicHandler((params) => {
        const valid = validate(linkItemParams, params);
        if (!valid.ok) return valid.response;
        const { id, linkId } = valid.value;
        return answer(listOf(id).get(linkId), (row) => row);
      }),
    ),

    http.post(
      '/links/:id',
      withList(linkParams, async (listId, request) => {
        const input = await readBody(request, linkInputSchema);
        return input.ok ? answer(listOf(listId).create(input.value), (row) => row, 201) : input.response;
      }),
    ),

    http.put(
      '/links/:id/:linkId',
      withLink(async (store, linkId, request) => {
        const input = await readBody(request, linkUpdateSchema);
        if (!input.ok) return input.response;
        return answer(store.update(linkId, input.value), (row) => row);
      }),
    ),

    http.delete(
      '/links/:id/:linkId',
      withLink(async (store, linkId) => {
        const removed = store.remove(linkId);
        return removed.ok ? noContent() : removed.response;
      }),
    ),

    ...gatewaysHandlers(context),
    ...tooltipsHandlers(context),
    ...registrationHandlers(context),
    ...onboardingHandlers(context),
    // After onboarding's: both serve GET /api/files/:id, each for its own files.
    ...reviewHandlers(context),
    ...sessionTokenHandlers(context),
    ...userHandlers(context),
    ...metricsHandlers(context),
    ...testRunHandlers(context),
    // After registration's, which serves GET /api/disclaimers/REGISTRATION itself.
    ...disclaimerContentsHandlers(context),
    // Its GET /api/files/:id answers its own files only, as onboarding's and the reviews' do.
    ...storageAdminHandlers(context, { storage, audit }),
    ...auditHandlers(context, { log: audit, storage }),
  ];
}
