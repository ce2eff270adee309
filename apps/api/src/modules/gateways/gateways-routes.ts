import { gatewaysApi } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../http/caller.js';
import { route } from '../../http/route.js';
import { listGateways } from './gateways-list.js';
import { createGateway, deleteGateway, getGateway, updateGateway } from './gateways-repository.js';

/** The gateway routes, as @portal/contracts gatewaysApi declares them (every route ADMIN only). */
export async function gatewaysRoutes(app: FastifyInstance) {
  const tags = ['gateways'];
  route(app, gatewaysApi.list, async ({ query, request }) => listGateways(request.db, query), { tags });
  route(app, gatewaysApi.get, async ({ params, request }) => getGateway(request.db, params.id), { tags });
  route(
    app,
    gatewaysApi.create,
    async ({ body, request }) => createGateway(request.db, body, actorOf(request)),
    { tags },
  );
  route(
    app,
    gatewaysApi.update,
    async ({ params, body, request }) => updateGateway(request.db, params.id, body, actorOf(request)),
    { tags },
  );
  route(
    app,
    gatewaysApi.remove,
    async ({ params, query, request }) => {
      await deleteGateway(request.db, params.id, actorOf(request), query.version);
      return undefined;
    },
    { tags },
  );
}
