import { randomUUID } from 'node:crypto';
import { REQUEST_ID_PATTERN } from '@portal/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** The header a request id travels in, both ways. */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * Every request has an id, the proxy's when it sent a plain one (so one request is one id
 * across the hops), else a fresh UUID. A client cannot put anything else into the logs through it.
 */
export function requestIdOf(raw: FastifyRequest['raw']): string {
  const given = raw.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && REQUEST_ID_PATTERN.test(given) ? given : randomUUID();
}

const withId = (entry: unknown, requestId: string): unknown =>
  typeof entry === 'object' && entry !== null && !Array.isArray(entry) ? { ...entry, requestId } : entry;

/**
 * The request id on every answer (the `x-request-id` header, which the logs carry as `reqId`) and in every
 * error body (`requestId`, on each entry of a list), so a person reporting a problem can quote it.
 */
export const requestIdPlugin = fp(async (app: FastifyInstance) => {
  // Hooks with a callback, not async ones: each request passes both, and an async hook costs a promise
  // and its turns of the microtask queue (bench/api-list).
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  app.addHook('preSerialization', (request, reply, payload: unknown, done) => {
    if (reply.statusCode < 400) return done(null, payload);
    done(
      null,
      Array.isArray(payload)
        ? payload.map((entry) => withId(entry, request.id))
        : withId(payload, request.id),
    );
  });
});
