import type { FastifyInstance } from 'fastify';

/**
 * For plugins whose routes we do not write (static files, API docs): marks every route registered in
 * this scope public. Our own routes declare their access next to their definition instead.
 */
export function markRoutesPublic(scope: FastifyInstance): void {
  scope.addHook('onRoute', (route) => {
    route.config = { ...route.config, access: 'public' };
  });
}
