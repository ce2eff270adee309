import { GATEWAYS_LIST } from '@portal/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.js';
import { versionQuerySchema } from '../../http/version-query.js';
import { parseListRequest } from '../../list/list-resource.js';
import { listPageSchema, listQuerySchema } from '../../list/list-schemas.js';
import { roles } from '../../plugins/auth.js';
import { listGateways } from './gateways-list.js';
import { createGateway, deleteGateway, getGateway, updateGateway } from './gateways-repository.js';
import { gatewayInputSchema, gatewayParams, gatewaySchema, gatewayUpdateSchema } from './gateways-schemas.js';

const actorOf = (request: FastifyRequest) => request.user?.email ?? request.user?.subject ?? 'unknown';

/**
 * domain.md /admin/gateways: list, create, edit, deactivate (PUT with active false), delete when no
 * organisation uses the gateway. Every route is ADMIN only.
 */
export async function gatewaysRoutes(app: FastifyInstance, options: { database: Database }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = options.database;
  const tags = ['gateways'];
  const access = roles('ADMIN');

  api.get(
    '/gateways',
    {
      config: { access },
      schema: {
        tags,
        summary: 'The gateways (spec §3 list query, §7 query params)',
        querystring: listQuerySchema,
        response: { 200: listPageSchema(gatewaySchema) },
      },
    },
    async (request) => listGateways(db, parseListRequest(request.query, GATEWAYS_LIST)),
  );

  api.get(
    '/gateways/:id',
    { config: { access }, schema: { tags, params: gatewayParams, response: { 200: gatewaySchema } } },
    async (request) => getGateway(db, request.params.id),
  );

  api.post(
    '/gateways',
    { config: { access }, schema: { tags, body: gatewayInputSchema, response: { 201: gatewaySchema } } },
    async (request, reply) => reply.status(201).send(await createGateway(db, request.body, actorOf(request))),
  );

  api.put(
    '/gateways/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Replaces a gateway; active false deactivates it (the way to retire a gateway in use)',
        params: gatewayParams,
        body: gatewayUpdateSchema,
        response: { 200: gatewaySchema },
      },
    },
    async (request) => updateGateway(db, request.params.id, request.body, actorOf(request)),
  );

  api.delete(
    '/gateways/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Deletes a gateway no organisation uses',
        params: gatewayParams,
        querystring: versionQuerySchema,
      },
    },
    async (request, reply) => {
      await deleteGateway(db, request.params.id, actorOf(request), request.query.version);
      return reply.status(204).send();
    },
  );
}
