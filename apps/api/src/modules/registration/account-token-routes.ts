import { accountTokensApi, CONFIRMATION_RESENT_TEXT } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../db/database-handle.js';
import { route } from '../../http/route.js';
import { accountTokenInfo } from './account-token-info.js';
import { byAddress } from './rate-limits.js';
import { redeemAccountToken } from './redeem-account-token.js';
import { resendConfirmation } from './resend-confirmation.js';

/**
 * A mailed link's token (a registration's confirmation, a person's invitation), as @portal/contracts
 * accountTokensApi declares it: what it is for, using it, and asking for a new one. Public: the token
 * itself is the credential. spec §8: an unknown, expired or used link answers 105, 301 or 405, shown as
 * INVALID_CONFIRM_ACCOUNT.
 */
export async function accountTokenRoutes(
  app: FastifyInstance,
  options: { database: Database; config: Config },
) {
  const { config } = options;
  const tags = ['registration'];

  route(
    app,
    accountTokensApi.info,
    async ({ params, request }) => accountTokenInfo(request.db, config, params.token),
    {
      tags,
    },
  );
  route(
    app,
    accountTokensApi.use,
    async ({ params, body, request }) => redeemAccountToken(request.db, config, params.token, body),
    { tags },
  );
  route(
    app,
    accountTokensApi.resend,
    async ({ params, request }) => {
      await resendConfirmation(request.db, app.mail, config, params.token);
      return { message: CONFIRMATION_RESENT_TEXT };
    },
    { tags, rateLimit: byAddress },
  );
}
