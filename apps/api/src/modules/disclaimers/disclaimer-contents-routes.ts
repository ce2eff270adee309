import {
  DISCLAIMER_CONTENTS_LIST,
  disclaimerAcceptanceInputSchema,
  disclaimerAcceptanceSchema,
  disclaimerContentSchema,
  disclaimerDraftInputSchema,
  disclaimerDraftUpdateSchema,
  disclaimerPublishSchema,
  pendingDisclaimersSchema,
} from '@portal/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database.js';
import { ApiError } from '../../http/api-error.js';
import { LARGE_BODY_LIMIT } from '../../http/body-limits.js';
import { versionQuerySchema } from '../../http/version-query.js';
import { parseListRequest } from '../../list/list-resource.js';
import { listPageSchema, listQuerySchema } from '../../list/list-schemas.js';
import { roles, type SessionUser } from '../../plugins/auth.js';
import { acceptDisclaimer, pendingDisclaimers } from './disclaimer-acceptances.js';
import { listDisclaimerContents } from './disclaimer-contents-list.js';
import {
  createDisclaimerDraft,
  deleteDisclaimerDraft,
  getDisclaimerContent,
  publishDisclaimerDraft,
  updateDisclaimerDraft,
} from './disclaimer-contents-repository.js';

const actorOf = (request: FastifyRequest) => request.user?.email ?? request.user?.subject ?? 'unknown';
const userOf = (request: FastifyRequest): SessionUser => {
  if (!request.user) throw new ApiError(401, 'UNAUTHORIZED', 'Sign in to continue');
  return request.user;
};

const contentParams = z.object({ id: z.uuid() });
const typeParams = z.object({ type: z.string().max(30) });

/**
 * domain.md /admin/disclaimer-contents: the versions of each type (drafts, the published one, the archived
 * history), draft editing, publish and draft deletion, ADMIN only; and, for any signed-in user, the texts
 * pending their acceptance and the acceptance itself (issue 13).
 */
export async function disclaimerContentsRoutes(app: FastifyInstance, options: { database: Database }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = options.database;
  const tags = ['disclaimers'];
  const access = roles('ADMIN');
  const anyone = roles('ADMIN', 'EMVO', 'EXTERNAL');

  api.get(
    '/disclaimer-contents',
    {
      config: { access },
      bodyLimit: LARGE_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Every version of every disclaimer type (spec §3 list query, §7 query params)',
        querystring: listQuerySchema,
        response: { 200: listPageSchema(disclaimerContentSchema) },
      },
    },
    async (request) => listDisclaimerContents(db, parseListRequest(request.query, DISCLAIMER_CONTENTS_LIST)),
  );

  api.get(
    '/disclaimer-contents/:id',
    {
      config: { access },
      schema: { tags, params: contentParams, response: { 200: disclaimerContentSchema } },
    },
    async (request) => getDisclaimerContent(db, request.params.id),
  );

  api.post(
    '/disclaimer-contents',
    {
      config: { access },
      bodyLimit: LARGE_BODY_LIMIT,
      schema: {
        tags,
        summary: "A new draft of a type, numbered the type's next version (one draft per type)",
        body: disclaimerDraftInputSchema,
        response: { 201: disclaimerContentSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createDisclaimerDraft(db, request.body, actorOf(request))),
  );

  api.put(
    '/disclaimer-contents/:id',
    {
      config: { access },
      bodyLimit: LARGE_BODY_LIMIT,
      schema: {
        tags,
        summary: "Replaces a draft's text at the version read (409 when stale or not a draft)",
        params: contentParams,
        body: disclaimerDraftUpdateSchema,
        response: { 200: disclaimerContentSchema },
      },
    },
    async (request) => updateDisclaimerDraft(db, request.params.id, request.body, actorOf(request)),
  );

  api.post(
    '/disclaimer-contents/:id/publish',
    {
      config: { access },
      schema: {
        tags,
        summary:
          'Publishes a draft and archives the previously published version of its type, in one transaction',
        params: contentParams,
        body: disclaimerPublishSchema,
        response: { 200: disclaimerContentSchema },
      },
    },
    async (request) => publishDisclaimerDraft(db, request.params.id, request.body.version, actorOf(request)),
  );

  api.delete(
    '/disclaimer-contents/:id',
    {
      config: { access },
      schema: { tags, summary: 'Deletes a draft', params: contentParams, querystring: versionQuerySchema },
    },
    async (request, reply) => {
      await deleteDisclaimerDraft(db, request.params.id, actorOf(request), request.query.version);
      return reply.status(204).send();
    },
  );

  api.get(
    '/disclaimers/pending',
    {
      config: { access: anyone },
      schema: {
        tags,
        summary: 'The published texts requiring acceptance that the caller has not accepted at their version',
        response: { 200: pendingDisclaimersSchema },
      },
    },
    async (request) => ({ items: await pendingDisclaimers(db, userOf(request)) }),
  );

  api.post(
    '/disclaimers/:type/acceptances',
    {
      config: { access: anyone },
      schema: {
        tags,
        summary:
          'Accepts the published version of a type (409 DISCLAIMER_OUTDATED when it is no longer that one)',
        params: typeParams,
        body: disclaimerAcceptanceInputSchema,
        response: { 201: disclaimerAcceptanceSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await acceptDisclaimer(db, userOf(request), request.params.type, request.body.version)),
  );
}
