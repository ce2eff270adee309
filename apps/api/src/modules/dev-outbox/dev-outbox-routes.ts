import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database.js';
import type { OutboxMail } from '../../db/schema.js';
import { listRecentMails } from '../../mail/outbox-repository.js';
import { type DevOutboxMail, devOutboxMailSchema, devOutboxQuerySchema } from './dev-outbox-schemas.js';

/** Enough for a test or a person looking for the last mails; the outbox itself is never paged here. */
export const DEV_OUTBOX_LIMIT = 50;

const toDto = (row: OutboxMail): DevOutboxMail => ({
  id: row.id,
  to: row.toAddress,
  subject: row.subject,
  text: row.text,
  link: row.link,
  status: row.status,
  createdAt: row.createdAt,
});

/**
 * domain.md: outside production the outbox can be read through the API, so the local e2e tests and a
 * person trying the portal can follow a confirmation link without a mail server. app.ts registers this
 * only outside production; there the route does not exist (404). Public: its readers have no token.
 */
export async function devOutboxRoutes(app: FastifyInstance, options: { database: Database }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = options.database;

  api.get(
    '/dev/outbox',
    {
      config: { access: 'public' },
      schema: {
        tags: ['dev'],
        summary: `The ${DEV_OUTBOX_LIMIT} newest mails of the outbox, newest first (not in production)`,
        querystring: devOutboxQuerySchema,
        response: { 200: z.array(devOutboxMailSchema) },
      },
    },
    async (request) => {
      const rows = await listRecentMails(db, { to: request.query.to, limit: DEV_OUTBOX_LIMIT });
      return rows.map(toDto);
    },
  );
}
