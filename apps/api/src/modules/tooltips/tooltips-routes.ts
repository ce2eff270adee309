import { tooltipsApi } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../http/caller.js';
import { route } from '../../http/route.js';
import { listTooltips } from './tooltips-list.js';
import {
  activeTooltips,
  createTooltip,
  deleteTooltip,
  getTooltip,
  updateTooltip,
} from './tooltips-repository.js';

/** The tooltip routes, as @portal/contracts tooltipsApi declares them. */
export async function tooltipsRoutes(app: FastifyInstance) {
  const tags = ['tooltips'];
  route(app, tooltipsApi.list, async ({ query, request }) => listTooltips(request.db, query), { tags });
  route(app, tooltipsApi.active, async ({ request }) => activeTooltips(request.db), { tags });
  route(app, tooltipsApi.get, async ({ params, request }) => getTooltip(request.db, params.id), { tags });
  route(
    app,
    tooltipsApi.create,
    async ({ body, request }) => createTooltip(request.db, body, actorOf(request)),
    {
      tags,
    },
  );
  route(
    app,
    tooltipsApi.update,
    async ({ params, body, request }) => updateTooltip(request.db, params.id, body, actorOf(request)),
    { tags },
  );
  route(
    app,
    tooltipsApi.remove,
    async ({ params, query, request }) => {
      await deleteTooltip(request.db, params.id, actorOf(request), query.version);
      return undefined;
    },
    { tags },
  );
}
