import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { renderEnvironment } from './environment.js';

export async function environmentRoutes(app: FastifyInstance, options: { config: Config }) {
  const body = renderEnvironment(options.config);
  app.get(
    '/environment/environment.json',
    {
      config: { access: 'public' },
      schema: { tags: ['environment'], summary: 'SPA configuration (spec §3)' },
    },
    async (_request, reply) => reply.header('cache-control', 'no-cache').send(body),
  );
}
