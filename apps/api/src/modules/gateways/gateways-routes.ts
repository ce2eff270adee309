import { gatewaysApi } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.js';
import { actorOf } from '../../http/caller.js';
import { route } from '../../http/route.js';
import { listGateways } from './gateways-list.js';
import { createGateway, deleteGateway, getGateway, updateGateway } from './gateways-repository.js';

/** The gateway routes, as @portal/contracts gatewaysApi declares them (every route ADMIN only). */
export async function gatewaysRoutes(app: FastifyInstance, options: { database: Database }) {
  const { db } = options.database;
  const tags = ['gateways'];
  route(app, gatewaysApi.list, async ({ query }) => listGateways(db, query), { tags });
  route(app, gatewaysApi.get, async ({ params }) => getGateway(db, params.id), { tags });
  route(app, gatewaysApi.create, async ({ body, request }) => createGateway(db, body, actorOf(request)), {
    tags,
  });
  route(
    app,
    gatewaysApi.update,
    async ({ params, body, request }) => updateGateway(db, params.id, body, actorOf(request)),
    { tags },
  );
  route(
    app,
    gatewaysApi.remove,
    async ({ params, query, request }) => {
      await deleteGateway(db, params.id, actorOf(request), query.version);
      return undefined;
    },
    { tags },
  );
}
