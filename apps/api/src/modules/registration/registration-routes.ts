import { REGISTRATION_ACCEPTED_TEXT, registrationApi } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../db/database-handle.js';
import { route } from '../../http/route.js';
import { accountTokenRoutes } from './account-token-routes.js';
import { byAddress, byEmail } from './rate-limits.js';
import { registerCompany } from './registration-repository.js';

export interface RegistrationRoutesOptions {
  database: Database;
  config: Config;
}

/**
 * domain.md "Life of an application", registration, as @portal/contracts registrationApi and
 * accountTokensApi declare it: anonymous and public. A visitor registers a company (POST
 * /api/registrations); the mailed link is read, used or resent through /api/account-tokens/{token}.
 */
export async function registrationRoutes(app: FastifyInstance, options: RegistrationRoutesOptions) {
  const { publicUrl, appName } = options.config;

  route(
    app,
    registrationApi.register,
    async ({ body, request }) => {
      await registerCompany(request.db, app.mail, { publicUrl, appName }, body);
      return { message: REGISTRATION_ACCEPTED_TEXT };
    },
    { tags: ['registration'], rateLimit: byAddress, preHandler: byEmail(app) },
  );

  await app.register(accountTokenRoutes, { database: options.database, config: options.config });
}
