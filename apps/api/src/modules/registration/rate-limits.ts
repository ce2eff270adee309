import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { enforceLimit } from '../../plugins/rate-limits.js';

/**
 * The anonymous routes that send mails are limited more tightly than other anonymous routes
 * (plugins/rate-limits.ts), so the portal cannot be used to flood an inbox or to probe addresses.
 */
export const ADDRESS_LIMIT = { max: 10, timeWindow: 15 * 60_000 } as const;
/** Per registered address, whoever asks: the mails go to that inbox. */
export const EMAIL_LIMIT = { max: 3, timeWindow: 60 * 60_000 } as const;

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
  return (request: FastifyRequest, reply: FastifyReply) => enforceLimit(limiter, request, reply);
}
