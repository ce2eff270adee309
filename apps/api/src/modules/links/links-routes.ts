import { linksApi } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../http/caller.js';
import { route } from '../../http/route.js';
import { createLink, deleteLink, getLink, listLinks, updateLink } from './links-repository.js';

/**
 * spec §7: the /links resource, as @portal/contracts linksApi declares it. Reads are public (the footer
 * shows to visitors); the administrators' full list and the writes need ADMIN.
 */
export async function linksRoutes(app: FastifyInstance) {
  const tags = ['links'];

  route(app, linksApi.list, async ({ params, request }) => listLinks(request.db, params.id), { tags });
  route(app, linksApi.all, async ({ params, request }) => listLinks(request.db, params.id, 'all'), { tags });
  route(app, linksApi.get, async ({ params, request }) => getLink(request.db, params.id, params.linkId), {
    tags,
  });
  route(
    app,
    linksApi.create,
    async ({ params, body, request }) => createLink(request.db, params.id, body, actorOf(request)),
    { tags },
  );
  route(
    app,
    linksApi.update,
    async ({ params, body, request }) =>
      updateLink(request.db, params.id, params.linkId, body, actorOf(request)),
    { tags },
  );
  route(
    app,
    linksApi.remove,
    async ({ params, query, request }) => {
      await deleteLink(request.db, params.id, params.linkId, actorOf(request), query.version);
      return undefined;
    },
    { tags },
  );
}
