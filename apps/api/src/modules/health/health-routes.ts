import { healthApi } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Database } from '../../db/database-handle.js';
import { ApiError } from '../../http/api-error.js';
import { route } from '../../http/route.js';

/** Liveness (the process answers) and readiness (the database answers), for load balancers (healthApi). */
export async function healthRoutes(app: FastifyInstance, options: { database: Database }) {
  const tags = ['health'];
  route(app, healthApi.live, async () => ({ status: 'ok' as const }), { tags });
  route(
    app,
    healthApi.ready,
    async ({ request }) => {
      try {
        await sql`select 1`.execute(options.database.db);
      } catch (error) {
        request.log.warn({ err: error }, 'database unreachable');
        throw new ApiError(503, 'SERVICE_UNAVAILABLE', 'The database is unreachable');
      }
      return { status: 'ok' as const };
    },
    { tags },
  );
}
