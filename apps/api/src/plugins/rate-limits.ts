import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../http/api-error.js';

/** spec §8's one error shape (`{ code, message }`) for a limit, through the central error handler. */
export function tooManyRequests(retryAfterMs: number): ApiError {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return new ApiError(
    429,
    'TOO_MANY_REQUESTS',
    `Too many requests; try again in ${minutes} minute${minutes === 1 ? '' : 's'}`,
  );
}

/** Only anonymous routes are limited here: a signed-in caller is accountable through its token. */
const signedInRoute = (request: FastifyRequest) => request.routeOptions.config.access !== 'public';

/**
 * issue 14: every anonymous route is rate-limited per client address (X-Forwarded-For behind the production
 * proxy, see trustProxy), `perMinute` requests a minute. A route may declare its own tighter
 * `config.rateLimit` (the routes that send mails do), and `app.createRateLimit` makes further limiters. The
 * counters live in each API process's memory: behind a load balancer with n instances a client gets at most
 * n times the limit, which still stops a flood.
 */
export const rateLimitsPlugin = fp(async (app: FastifyInstance, options: { perMinute: number }) => {
  await app.register(rateLimit, {
    global: true,
    max: options.perMinute,
    timeWindow: 60_000,
    allowList: signedInRoute,
    errorResponseBuilder: (_request, context) => tooManyRequests(context.ttl),
  });
});
