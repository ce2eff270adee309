import { environmentApi } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { route } from '../../http/route.js';
import { renderEnvironment } from './environment.js';

/** spec §3: the SPA's configuration, as @portal/contracts environmentApi declares it; read at every start. */
export async function environmentRoutes(app: FastifyInstance, options: { config: Config }) {
  const body = renderEnvironment(options.config);
  route(
    app,
    environmentApi.config,
    async ({ reply }) => {
      reply.header('cache-control', 'no-cache');
      return body;
    },
    { tags: ['environment'] },
  );
}
