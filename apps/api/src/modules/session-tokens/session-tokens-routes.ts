import {
  SESSION_TOKEN_LIST,
  sessionTokenCancelSchema,
  sessionTokenIssueSchema,
  sessionTokenRowSchema,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import { parseListRequest } from '../../list/list-resource.js';
import { listPageSchema, listQuerySchema } from '../../list/list-schemas.js';
import { roles } from '../../plugins/auth.js';
import { reviewerOf } from '../reviews/reviewer.js';
import { lazyTokenCipher } from '../technical/token-cipher.js';
import { findSessionTokenRow, listSessionTokens } from './session-token-list.js';
import { cancelSessionToken, issueSessionToken, type SessionTokenServices } from './session-token-steps.js';

const tokenParams = z.object({ id: z.uuid() });

/**
 * domain.md /emvo/session-tokens (issue 12 item 1): the reviewers' queue of token requests, and issuing or
 * cancelling one. Every route is EMVO only; a write answers the token as the queue now shows it.
 */
export async function sessionTokensRoutes(
  app: FastifyInstance,
  options: { database: Database; config: Config },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = options.database;
  const { config } = options;
  const tags = ['session-tokens'];
  const access = roles('EMVO');
  const services: SessionTokenServices = {
    mail: app.mail,
    appName: config.appName,
    publicUrl: config.publicUrl,
    cipher: lazyTokenCipher({ tokenEncryptionKey: config.tokenEncryptionKey, dataDir: config.dataDir }),
  };
  api.get(
    '/session-tokens',
    {
      config: { access },
      schema: {
        tags,
        summary: 'The session token requests, oldest first; an issued token past its expiry reads EXPIRED',
        querystring: listQuerySchema,
        response: { 200: listPageSchema(sessionTokenRowSchema) },
      },
    },
    async (request) => listSessionTokens(db, parseListRequest(request.query, SESSION_TOKEN_LIST), new Date()),
  );

  api.post(
    '/session-tokens/:id/issue',
    {
      config: { access },
      schema: {
        tags,
        summary:
          'Issues a requested token with its value (16 to 512 characters, no spaces), stored encrypted, valid 24 h',
        params: tokenParams,
        body: sessionTokenIssueSchema,
        response: { 200: sessionTokenRowSchema },
      },
    },
    async (request) => {
      await issueSessionToken(db, services, reviewerOf(request), request.params.id, request.body);
      return findSessionTokenRow(db, request.params.id, new Date());
    },
  );

  api.post(
    '/session-tokens/:id/cancel',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Cancels a requested or valid issued token with a reason',
        params: tokenParams,
        body: sessionTokenCancelSchema,
        response: { 200: sessionTokenRowSchema },
      },
    },
    async (request) => {
      await cancelSessionToken(db, services, reviewerOf(request), request.params.id, request.body);
      return findSessionTokenRow(db, request.params.id, new Date());
    },
  );
}
