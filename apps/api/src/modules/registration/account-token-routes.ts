import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import { accountTokenInfo } from './account-token-info.js';
import { byAddress } from './rate-limits.js';
import { redeemAccountToken } from './redeem-account-token.js';
import {
  accountTokenInfoSchema,
  accountTokenParams,
  accountTokenUsedSchema,
  CONFIRMATION_RESENT_TEXT,
  mailSentSchema,
  useAccountTokenSchema,
} from './registration-schemas.js';
import { resendConfirmation } from './resend-confirmation.js';

/**
 * A mailed link's token (a registration's confirmation, a person's invitation): what it is for, using it,
 * and asking for a new one. Public: the token itself is the credential. spec §8: an unknown, expired or
 * used link answers 105, 301 or 405, shown as INVALID_CONFIRM_ACCOUNT.
 */
export async function accountTokenRoutes(
  app: FastifyInstance,
  options: { database: Database; config: Config },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = options.database;
  const { config } = options;
  const tags = ['registration'];

  api.get(
    '/account-tokens/:token',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Whose a usable link is and how their account is made (local password or B2C sign-up)',
        params: accountTokenParams,
        response: { 200: accountTokenInfoSchema },
      },
    },
    async (request) => accountTokenInfo(db, config, request.params.token),
  );

  api.post(
    '/account-tokens/:token/use',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'Uses a link once: confirms the registration (organisation, user, account) or the invitation',
        params: accountTokenParams,
        body: useAccountTokenSchema,
        response: { 200: accountTokenUsedSchema },
      },
    },
    async (request) => redeemAccountToken(db, config, request.params.token, request.body),
  );

  api.post(
    '/account-tokens/:token/resend',
    {
      config: { access: 'public', rateLimit: byAddress },
      schema: {
        tags,
        summary: 'Mails a new confirmation link until the registration is completed',
        params: accountTokenParams,
        response: { 202: mailSentSchema },
      },
    },
    async (request, reply) => {
      await resendConfirmation(db, app.mail, config, request.params.token);
      return reply.status(202).send({ message: CONFIRMATION_RESENT_TEXT });
    },
  );
}
