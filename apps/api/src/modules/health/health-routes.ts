import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/database.js';
import { ApiError } from '../../http/api-error.js';

const statusSchema = z.object({ status: z.literal('ok') });

/** Liveness (the process answers) and readiness (the database answers), for load balancers. */
export async function healthRoutes(app: FastifyInstance, options: { database: Database }) {
  app.get(
    '/healthz',
    { config: { access: 'public' }, schema: { tags: ['health'], response: { 200: statusSchema } } },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    { config: { access: 'public' }, schema: { tags: ['health'], response: { 200: statusSchema } } },
    async (request) => {
      try {
        await sql`select 1`.execute(options.database.db);
      } catch (error) {
        request.log.warn({ err: error }, 'database unreachable');
        throw new ApiError(503, 'SERVICE_UNAVAILABLE', 'The database is unreachable');
      }
      return { status: 'ok' as const };
    },
  );
}
