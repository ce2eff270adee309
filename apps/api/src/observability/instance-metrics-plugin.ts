import { eventsApi } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../http/api-error.js';
import { sameSecret } from '../http/same-secret.js';
import { markRoutesPublic } from '../plugins/public-routes.js';
import type { InstanceMetrics } from './instance-metrics.js';

/**
 * Each request's duration into the histogram, and GET /metrics (Prometheus' text format)
 * for a scraper that sends `Authorization: Bearer <METRICS_TOKEN>`. Without METRICS_TOKEN there is no
 * such route at all: the figures are never public.
 */
export const instanceMetricsPlugin = fp(
  async (app: FastifyInstance, options: { metrics: InstanceMetrics; token: string | undefined }) => {
    const { metrics, token } = options;
    app.addHook('onResponse', async (request, reply) => {
      // A live event stream stays open for up to an hour: its duration is how long a browser
      // watched, not how fast the API answered, and would fill the histogram's top bucket.
      if (request.routeOptions.url === eventsApi.stream.path) return;
      metrics.httpDuration.observe(
        {
          method: request.method,
          route: request.routeOptions.url ?? 'unmatched',
          status: String(reply.statusCode),
        },
        reply.elapsedTime / 1000,
      );
    });
    if (!token) return;
    await app.register(async (scope) => {
      // The route checks its own secret (a scraper has no user token), as the B2C connector's does.
      markRoutesPublic(scope);
      scope.get('/metrics', async (request, reply) => {
        const header = request.headers.authorization ?? '';
        const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
        if (!sameSecret(given, token))
          throw new ApiError(401, 'UNAUTHORIZED', 'The metrics need their bearer secret');
        return reply
          .header('content-type', metrics.registry.contentType)
          .header('cache-control', 'no-store')
          .send(await metrics.registry.metrics());
      });
    });
  },
  { name: 'metrics' },
);
