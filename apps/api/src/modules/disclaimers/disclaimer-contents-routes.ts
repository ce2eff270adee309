import { disclaimerContentsApi, disclaimersApi } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { LARGE_BODY_LIMIT } from '../../http/body-limits.js';
import { actorOf, callerOf } from '../../http/caller.js';
import { route } from '../../http/route.js';
import { acceptDisclaimer, pendingDisclaimers } from './disclaimer-acceptances.js';
import { listDisclaimerContents } from './disclaimer-contents-list.js';
import {
  createDisclaimerDraft,
  deleteDisclaimerDraft,
  getDisclaimerContent,
  publishDisclaimerDraft,
  updateDisclaimerDraft,
} from './disclaimer-contents-repository.js';

/**
 * The routes of @portal/contracts disclaimerContentsApi (domain.md /admin/disclaimer-contents: the versions
 * of each type, draft editing, publish and draft deletion, ADMIN only), and disclaimersApi's pending and
 * accept (any signed-in user: the texts pending their acceptance and the acceptance).
 */
export async function disclaimerContentsRoutes(app: FastifyInstance) {
  const tags = ['disclaimers'];
  // A text is up to 50,000 characters (contracts disclaimer-contents.ts).
  const large = { tags, bodyLimit: LARGE_BODY_LIMIT };
  const api = disclaimerContentsApi;

  route(app, api.list, async ({ query, request }) => listDisclaimerContents(request.db, query), { tags });
  route(app, api.get, async ({ params, request }) => getDisclaimerContent(request.db, params.id), { tags });
  route(
    app,
    api.create,
    async ({ body, request }) => createDisclaimerDraft(request.db, body, actorOf(request)),
    large,
  );
  route(
    app,
    api.update,
    async ({ params, body, request }) => updateDisclaimerDraft(request.db, params.id, body, actorOf(request)),
    large,
  );
  route(
    app,
    api.publish,
    async ({ params, body, request }) =>
      publishDisclaimerDraft(request.db, params.id, body.version, actorOf(request)),
    { tags },
  );
  route(
    app,
    api.remove,
    async ({ params, query, request }) => {
      await deleteDisclaimerDraft(request.db, params.id, actorOf(request), query.version);
      return undefined;
    },
    { tags },
  );

  route(
    app,
    disclaimersApi.pending,
    async ({ request }) => ({ items: await pendingDisclaimers(request.db, callerOf(request)) }),
    {
      tags,
    },
  );
  route(
    app,
    disclaimersApi.accept,
    async ({ params, body, request }) =>
      acceptDisclaimer(request.db, callerOf(request), params.type, body.version),
    { tags },
  );
}
