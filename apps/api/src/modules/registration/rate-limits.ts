import rateLimit, { type RateLimitOptions, type RateLimitPluginOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../http/api-error.js';

/**
 * The anonymous routes that send mails are limited, so the portal cannot be used to flood an inbox or to
 * probe addresses. The counters live in each API process's memory: behind a load balancer with n
 * instances a client gets at most n times the limit, which still stops a flood.
 */
export const ADDRESS_LIMIT = { max: 10, timeWindow: 15 * 60_000 } as const;
/** Per registered address, whoever asks: the mails go to that inbox. */
export const EMAIL_LIMIT = { max: 3, timeWindow: 60 * 60_000 } as const;

/** spec §8's one error shape (`{ code, message }`) for a limit, through the central error handler. */
export function tooManyRequests(retryAfterMs: number): ApiError {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return new ApiError(
    429,
    'TOO_MANY_REQUESTS',
    `Too many requests; try again in ${minutes} minute${minutes === 1 ? '' : 's'}`,
  );
}

/**
 * Registers @fastify/rate-limit in the calling plugin's scope with `global: false`: only the routes that
 * declare `config.rateLimit` there are limited, and no route elsewhere in the app.
 */
export async function registerRateLimits(scope: FastifyInstance): Promise<void> {
  const options: RateLimitPluginOptions = {
    global: false,
    errorResponseBuilder: (_request, context) => tooManyRequests(context.ttl),
  };
  await scope.register(rateLimit, options);
}

/** A route's `config.rateLimit`: by the client's address (X-Forwarded-For behind the production proxy). */
export const byAddress: RateLimitOptions = { ...ADDRESS_LIMIT };

const emailOf = (body: unknown): string => {
  const email = typeof body === 'object' && body !== null ? Reflect.get(body, 'email') : undefined;
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
};

/**
 * A preHandler limiting by the body's email, lower-cased (bodies are parsed and validated by then). A
 * second limiter beside the route's address limit: the plugin runs one limit per route by itself.
 */
export function byEmail(scope: FastifyInstance) {
  const limiter = scope.createRateLimit({
    ...EMAIL_LIMIT,
    keyGenerator: (request) => `email:${emailOf(request.body)}`,
  });
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const outcome = await limiter(request);
    if (outcome.isAllowed || !outcome.isExceeded) return;
    reply.header('retry-after', outcome.ttlInSeconds);
    throw tooManyRequests(outcome.ttl);
  };
}
