import { tooltipsApi } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.js';
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
export async function tooltipsRoutes(app: FastifyInstance, options: { database: Database }) {
  const { db } = options.database;
  const tags = ['tooltips'];
  route(app, tooltipsApi.list, async ({ query }) => listTooltips(db, query), { tags });
  route(app, tooltipsApi.active, async () => activeTooltips(db), { tags });
  route(app, tooltipsApi.get, async ({ params }) => getTooltip(db, params.id), { tags });
  route(app, tooltipsApi.create, async ({ body, request }) => createTooltip(db, body, actorOf(request)), {
    tags,
  });
  route(
    app,
    tooltipsApi.update,
    async ({ params, body, request }) => updateTooltip(db, params.id, body, actorOf(request)),
    { tags },
  );
  route(
    app,
    tooltipsApi.remove,
    async ({ params, query, request }) => {
      await deleteTooltip(db, params.id, actorOf(request), query.version);
      return undefined;
    },
    { tags },
  );
}
