import { type LinkInput, linksApi } from '@portal/contracts';
import type { HttpHandler } from 'msw';
import { createMockLinks, type MockLink } from './mock-data';
import type { MockContext, Parsed } from './mock-http';
import { createInMemoryStore, type InMemoryStore } from './mock-resource';
import { mockRoute } from './mock-route';

/** A list's links in their order, then by label (apps/api links-repository listLinks). */
const inOrder = (links: readonly MockLink[]) =>
  [...links].sort((a, b) => a.order - b.order || a.label.localeCompare(b.label, 'en'));

const ok = <T>(result: Parsed<T>) => (result.ok ? result.value : result.response);

/**
 * spec §7 /links (linksApi) in memory: reads are public (the footer shows to visitors), writes need a
 * session. One store per list: a link belongs to its list (the API's scope on listId).
 */
export function linksHandlers(context: MockContext): HttpHandler[] {
  const lists = new Map<string, InMemoryStore<MockLink, LinkInput>>();
  const listOf = (listId: string) => {
    let store = lists.get(listId);
    if (!store) {
      store = createInMemoryStore<MockLink, LinkInput>([], {
        missing: (linkId) => `No link ${linkId} in ${listId}`,
        newId: context.newId,
        stamped: false,
      });
      lists.set(listId, store);
    }
    return store;
  };
  for (const [listId, links] of createMockLinks()) listOf(listId).rows.push(...links);

  return [
    mockRoute(context, linksApi.list, async ({ params }) =>
      inOrder(listOf(params.id).rows.filter((link) => link.active)),
    ),
    // Before linksApi.get, which would read 'all' as a link id.
    mockRoute(context, linksApi.all, async ({ params }) => inOrder(listOf(params.id).rows)),
    mockRoute(context, linksApi.get, async ({ params }) => ok(listOf(params.id).get(params.linkId))),
    mockRoute(context, linksApi.create, async ({ params, body }) => ok(listOf(params.id).create(body))),
    mockRoute(context, linksApi.update, async ({ params, body }) =>
      ok(listOf(params.id).update(params.linkId, body)),
    ),
    mockRoute(context, linksApi.remove, async ({ params, query }) => {
      const removed = listOf(params.id).remove(params.linkId, query.version);
      return removed.ok ? undefined : removed.response;
    }),
  ];
}
