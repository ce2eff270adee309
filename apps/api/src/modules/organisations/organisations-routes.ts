import { organisationsApi } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.js';
import { listOrganisations } from './organisations-list.js';

/**
 * The reviewers' list of organisations, as @portal/contracts organisationsApi.list declares it (EMVO only).
 * Its stage moves are registered with the metrics table they are taken from (modules/metrics).
 */
export async function organisationsRoutes(app: FastifyInstance) {
  route(app, organisationsApi.list, async ({ query, request }) => listOrganisations(request.db, query), {
    tags: ['organisations'],
  });
}
