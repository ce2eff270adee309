import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import { accountTokenRoutes } from './account-token-routes.js';
import { byAddress, byEmail } from './rate-limits.js';
import { registerCompany } from './registration-repository.js';
import {
  mailSentSchema,
  REGISTRATION_ACCEPTED_TEXT,
  registrationInputSchema,
} from './registration-schemas.js';

export interface RegistrationRoutesOptions {
  database: Database;
  config: Config;
}

/**
 * domain.md "Life of an application", registration: anonymous and public. A visitor registers a company
 * (POST /registrations); the mailed link is read, used or resent through /account-tokens/{token}.
 */
export async function registrationRoutes(app: FastifyInstance, options: RegistrationRoutesOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = options.database;
  const { publicUrl, appName } = options.config;

  api.post(
    '/registrations',
    {
      config: { access: 'public', rateLimit: byAddress },
      preHandler: byEmail(app),
      schema: {
        tags: ['registration'],
        summary:
          'Registers a company and mails a confirmation link (202 whether or not the address is known)',
        body: registrationInputSchema,
        response: { 202: mailSentSchema },
      },
    },
    async (request, reply) => {
      await registerCompany(db, app.mail, { publicUrl, appName }, request.body);
      return reply.status(202).send({ message: REGISTRATION_ACCEPTED_TEXT });
    },
  );

  // Not `options` itself: it carries the parent's prefix, which the child inherits already.
  await app.register(accountTokenRoutes, { database: options.database, config: options.config });
}
