import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database.js';
import { versionQuerySchema } from '../../http/version-query.js';
import { roles } from '../../plugins/auth.js';
import { createLink, deleteLink, getLink, listLinks, updateLink } from './links-repository.js';
import {
  linkInputSchema,
  linkItemParams,
  linkParams,
  linkSchema,
  linkUpdateSchema,
} from './links-schemas.js';

const actorOf = (request: FastifyRequest) => request.user?.email ?? request.user?.subject ?? 'unknown';

/** spec §7: the /links resource. Reads are public (the footer shows to visitors); writes need ADMIN. */
export async function linksRoutes(app: FastifyInstance, options: { database: Database }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = options.database;
  const tags = ['links'];

  api.get(
    '/:id',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'A link list, e.g. footer-links',
        params: linkParams,
        response: { 200: z.array(linkSchema) },
      },
    },
    async (request) => listLinks(db, request.params.id),
  );

  api.get(
    '/:id/all',
    {
      config: { access: roles('ADMIN') },
      schema: {
        tags,
        summary: 'Every link of a list, inactive ones too, for the administrators who manage it',
        params: linkParams,
        response: { 200: z.array(linkSchema) },
      },
    },
    async (request) => listLinks(db, request.params.id, 'all'),
  );

  api.get(
    '/:id/:linkId',
    { config: { access: 'public' }, schema: { tags, params: linkItemParams, response: { 200: linkSchema } } },
    async (request) => getLink(db, request.params.id, request.params.linkId),
  );

  api.post(
    '/:id',
    {
      config: { access: roles('ADMIN') },
      schema: { tags, params: linkParams, body: linkInputSchema, response: { 201: linkSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await createLink(db, request.params.id, request.body, actorOf(request))),
  );

  api.put(
    '/:id/:linkId',
    {
      config: { access: roles('ADMIN') },
      schema: { tags, params: linkItemParams, body: linkUpdateSchema, response: { 200: linkSchema } },
    },
    async (request) =>
      updateLink(db, request.params.id, request.params.linkId, request.body, actorOf(request)),
  );

  api.delete(
    '/:id/:linkId',
    {
      config: { access: roles('ADMIN') },
      schema: { tags, params: linkItemParams, querystring: versionQuerySchema },
    },
    async (request, reply) => {
      await deleteLink(db, request.params.id, request.params.linkId, actorOf(request), request.query.version);
      return reply.status(204).send();
    },
  );
}
