import { sessionTokensApi } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import type { TokenCipher } from '../../company/token-cipher.js';
import type { Config } from '../../config.js';
import { callerOf } from '../../http/caller.js';
import { route } from '../../http/route.js';
import {
  cancelSessionToken,
  issueSessionToken,
  type SessionTokenServices,
} from './session-token-transitions.js';
import { findSessionTokenRow, listSessionTokens } from './session-tokens-list.js';

/**
 * domain.md /emvo/session-tokens: the reviewers' queue of token requests, and issuing or
 * cancelling one, as @portal/contracts sessionTokensApi declares them (every route EMVO only). Issuing
 * or cancelling answers the token as the queue now shows it.
 */
export async function sessionTokensRoutes(
  app: FastifyInstance,
  options: { config: Config; cipher: () => Promise<TokenCipher> },
) {
  const { config, cipher } = options;
  const tags = ['session-tokens'];
  const services: SessionTokenServices = {
    mail: app.mail,
    appName: config.appName,
    publicUrl: config.publicUrl,
    cipher,
  };
  route(
    app,
    sessionTokensApi.list,
    async ({ query, request }) => listSessionTokens(request.db, query, new Date()),
    { tags },
  );
  route(
    app,
    sessionTokensApi.issue,
    async ({ params, body, request }) => {
      await issueSessionToken(request.db, services, callerOf(request), params.id, body);
      return findSessionTokenRow(request.db, params.id, new Date());
    },
    { tags },
  );
  route(
    app,
    sessionTokensApi.cancel,
    async ({ params, body, request }) => {
      await cancelSessionToken(request.db, services, callerOf(request), params.id, body);
      return findSessionTokenRow(request.db, params.id, new Date());
    },
    { tags },
  );
}
