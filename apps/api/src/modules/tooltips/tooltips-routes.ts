import { TOOLTIPS_LIST } from '@portal/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.js';
import { versionQuerySchema } from '../../http/version-query.js';
import { parseListRequest } from '../../list/list-resource.js';
import { listPageSchema, listQuerySchema } from '../../list/list-schemas.js';
import { roles } from '../../plugins/auth.js';
import { listTooltips } from './tooltips-list.js';
import {
  activeTooltips,
  createTooltip,
  deleteTooltip,
  getTooltip,
  updateTooltip,
} from './tooltips-repository.js';
import {
  activeTooltipsSchema,
  tooltipInputSchema,
  tooltipParams,
  tooltipSchema,
  tooltipUpdateSchema,
} from './tooltips-schemas.js';

const actorOf = (request: FastifyRequest) => request.user?.email ?? request.user?.subject ?? 'unknown';

/**
 * domain.md /admin/tooltips: list, create, edit, deactivate (PUT with active false), delete; ADMIN only.
 * The active tooltips, which every form shows beside its labels, are readable by every signed-in role.
 */
export async function tooltipsRoutes(app: FastifyInstance, options: { database: Database }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = options.database;
  const tags = ['tooltips'];
  const access = roles('ADMIN');

  api.get(
    '/tooltips',
    {
      config: { access },
      schema: {
        tags,
        summary: 'The tooltips (spec §3 list query, §7 query params)',
        querystring: listQuerySchema,
        response: { 200: listPageSchema(tooltipSchema) },
      },
    },
    async (request) => listTooltips(db, parseListRequest(request.query, TOOLTIPS_LIST)),
  );

  api.get(
    '/tooltips/active',
    {
      // The external users' onboarding forms show them too.
      config: { access: roles('ADMIN', 'EMVO', 'EXTERNAL') },
      schema: {
        tags,
        summary: 'Every active tooltip as { key: text }',
        response: { 200: activeTooltipsSchema },
      },
    },
    async () => activeTooltips(db),
  );

  api.get(
    '/tooltips/:id',
    { config: { access }, schema: { tags, params: tooltipParams, response: { 200: tooltipSchema } } },
    async (request) => getTooltip(db, request.params.id),
  );

  api.post(
    '/tooltips',
    { config: { access }, schema: { tags, body: tooltipInputSchema, response: { 201: tooltipSchema } } },
    async (request, reply) => reply.status(201).send(await createTooltip(db, request.body, actorOf(request))),
  );

  api.put(
    '/tooltips/:id',
    {
      config: { access },
      schema: { tags, params: tooltipParams, body: tooltipUpdateSchema, response: { 200: tooltipSchema } },
    },
    async (request) => updateTooltip(db, request.params.id, request.body, actorOf(request)),
  );

  api.delete(
    '/tooltips/:id',
    { config: { access }, schema: { tags, params: tooltipParams, querystring: versionQuerySchema } },
    async (request, reply) => {
      await deleteTooltip(db, request.params.id, actorOf(request), request.query.version);
      return reply.status(204).send();
    },
  );
}
