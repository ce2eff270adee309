import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../http/api-error.js';
import { SAFE_METHODS } from '../http/safe-methods.js';

/** spec §8's one error shape (`{ code, message }`) for a limit, through the central error handler. */
export function tooManyRequests(retryAfterMs: number): ApiError {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return new ApiError(
    429,
    'TOO_MANY_REQUESTS',
    `Too many requests; try again in ${minutes} minute${minutes === 1 ? '' : 's'}`,
  );
}

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

/**
 * Counts a request against a limiter made with `app.createRateLimit` and refuses it past the limit: 429 in
 * the one error shape, with Retry-After, as the global limit answers.
 */
export async function enforceLimit(limiter: Limiter, request: FastifyRequest, reply: FastifyReply) {
  const outcome = await limiter(request);
  if (outcome.isAllowed || !outcome.isExceeded) return;
  reply.header('retry-after', outcome.ttlInSeconds);
  throw tooManyRequests(outcome.ttl);
}

/** Only anonymous routes are limited here: a signed-in caller is accountable through its token. */
const signedInRoute = (request: FastifyRequest) => request.routeOptions.config.access !== 'public';

/**
 * Every anonymous route is rate-limited per client address (X-Forwarded-For behind the production
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

/** An upload route takes multipart bodies (storage/receive-upload.ts); its schema says so for the docs. */
const isUpload = (request: FastifyRequest) =>
  request.routeOptions.schema?.consumes?.includes('multipart/form-data') === true;

export interface UserLimits {
  /** Write requests (not GET, HEAD or OPTIONS) a minute per signed-in user, on every route. */
  writesPerMinute: number;
  /** Uploads a minute per signed-in user, besides the writes they also count as. */
  uploadsPerMinute: number;
}

/**
 * Every signed-in write is limited per user (the token's subject), uploads more
 * tightly, so a stolen or scripted session cannot flood mailboxes, the database or storage. Registered
 * after the auth plugin, whose onRequest hook has verified the token by then: an unverified caller never
 * reaches these counters, and the body (an upload's stream) is not read before the limit is checked.
 */
export const userRateLimitsPlugin = fp(async (app: FastifyInstance, options: UserLimits) => {
  const limiter = (max: number, kind: string) =>
    app.createRateLimit({
      max,
      timeWindow: 60_000,
      keyGenerator: (request) => `${kind}:${request.user?.subject ?? ''}`,
      // The global options' allow list lets every signed-in route through: not these counters.
      allowList: () => false,
    });
  const writes = limiter(options.writesPerMinute, 'write');
  const uploads = limiter(options.uploadsPerMinute, 'upload');
  app.addHook('onRequest', async (request, reply) => {
    if (!request.user || SAFE_METHODS.has(request.method)) return;
    await enforceLimit(writes, request, reply);
    if (isUpload(request)) await enforceLimit(uploads, request, reply);
  });
});
