import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** What the code a request runs may need to know of that request without it being passed down. */
export interface RequestContext {
  /** The client's address (request.ip: the socket's, or what the proxies of TRUST_PROXY report). */
  address: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** The request being served here, if any (none in the seed, a sweep or the mail sender). */
export const currentRequest = (): RequestContext | undefined => storage.getStore();

/**
 * Runs each request's lifecycle inside its context, so an audit row written deep in a transaction names
 * the request's client address (db/audit.ts).
 */
export const requestContextPlugin = fp(async (app: FastifyInstance) => {
  const enter = (request: FastifyRequest, _reply: unknown, done: () => void) =>
    storage.run({ address: request.ip }, done);
  app.addHook('onRequest', enter);
  // Again once the body is read: the body parser's stream events come from the socket's context, so the
  // handler is called outside the one entered above (a known limit of AsyncLocalStorage with streams).
  app.addHook('preHandler', enter);
});
