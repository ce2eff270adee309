import { linkColumnsOf, linkItemOf, linksApi } from '@portal/contracts';
import type { HttpHandler } from 'msw';
import { type MockContext, mockRoute } from './mock-http';
import { answerWith, tableOf } from './mock-resource';

/** A link as the API answers it (contracts linkItemOf). */
const answer = answerWith(linkItemOf);

/** spec §7 /links (linksApi): reads are public (the footer shows to visitors), writes need a session. */
export function linksHandlers(context: MockContext): HttpHandler[] {
  // A link belongs to its list (the API's scope on listId).
  const links = (listId: string) =>
    tableOf(context, 'links', 'link', {
      scope: { listId },
      missing: (linkId) => `No link ${linkId} in ${listId}`,
    });
  // A list's links in their order, then by label (apps/api listLinks).
  const listed = (listId: string, all: boolean) =>
    context.db.links
      .filter((row) => row.listId === listId && (all || row.active))
      .sort((a, b) => a.sortOrder - b.sortOrder || a.label.localeCompare(b.label, 'en'))
      .map(linkItemOf);
  return [
    mockRoute(context, linksApi.list, async ({ params }) => listed(params.id, false)),
    // Before linksApi.get, which would read 'all' as a link id.
    mockRoute(context, linksApi.all, async ({ params }) => listed(params.id, true)),
    mockRoute(context, linksApi.get, async ({ params }) => answer(links(params.id).find(params.linkId))),
    mockRoute(context, linksApi.create, async ({ params, body, request }) => {
      const columns = { listId: params.id, ...linkColumnsOf(body) };
      return linkItemOf(links(params.id).create(request, columns, { diff: body }));
    }),
    mockRoute(context, linksApi.update, async ({ params, body, request }) => {
      const changes = linkColumnsOf(body);
      return answer(links(params.id).update(request, params.linkId, body.version, () => ({ changes })));
    }),
    mockRoute(context, linksApi.remove, async ({ params, query, request }) =>
      links(params.id).remove(request, params.linkId, query.version, (row) => ({ diff: linkItemOf(row) })),
    ),
  ];
}
