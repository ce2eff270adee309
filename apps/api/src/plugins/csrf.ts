import { randomBytes } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../http/api-error.js';
import { SAFE_METHODS } from '../http/safe-methods.js';
import { sameSecret } from '../http/same-secret.js';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const GUARDED_PREFIXES = ['/api/', '/links/'];

/**
 * spec §7 anti-forgery (double submit): the API gives every browser an XSRF-TOKEN cookie readable by the
 * SPA, and refuses a state-changing call to /api or /links whose X-XSRF-TOKEN header does not match it.
 * A cross-site page can make the browser send the cookie, but cannot read it to set the header.
 */
export const csrfPlugin = fp(async (app: FastifyInstance, options: { secure: boolean }) => {
  await app.register(fastifyCookie);
  app.addHook('onRequest', async (request, reply) => {
    const cookie = request.cookies[XSRF_COOKIE];
    if (!cookie) {
      reply.setCookie(XSRF_COOKIE, randomBytes(24).toString('base64url'), {
        path: '/',
        sameSite: 'strict',
        secure: options.secure,
        httpOnly: false,
      });
    }
    // The route the router matched decides, never the raw URL: `/%61pi/…` is routed to
    // `/api/…` (the router decodes it) but does not start with `/api/`. No route matched: nothing to guard.
    const path = request.routeOptions.url;
    if (
      SAFE_METHODS.has(request.method) ||
      path === undefined ||
      !GUARDED_PREFIXES.some((prefix) => path.startsWith(prefix))
    )
      return;
    // The B2C API connector is called server to server with a shared secret, never by a browser.
    if (request.routeOptions.config.access === 'connector') return;
    const header = request.headers[XSRF_HEADER];
    if (!cookie || typeof header !== 'string' || !sameSecret(header, cookie)) {
      throw new ApiError(
        403,
        'FORBIDDEN',
        'The anti-forgery token is missing or does not match; reload the page',
      );
    }
  });
});
