import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { markRoutesPublic } from './public-routes.js';

/** Paths that belong to the API: an unknown one answers a JSON 404, never the SPA. */
const API_PREFIXES = ['/api/', '/links/', '/environment/', '/assets/i18n/', '/healthz', '/readyz'];
/** Mock mode's worker (spec §7): in every build of the SPA, served only when the SPA runs in mock mode. */
const MOCK_WORKER = '/mockServiceWorker.js';

/**
 * Serves the built SPA (when there is one) and answers every other unknown GET that asks for HTML with
 * index.html, so the SPA's router handles deep links (history fallback).
 */
/** Registered with app.register, so it is its own scope: markRoutesPublic touches only the static routes. */
export async function webPlugin(app: FastifyInstance, options: { webDist: string; webMock: boolean }) {
  const hasSpa = existsSync(join(options.webDist, 'index.html'));
  if (hasSpa) {
    markRoutesPublic(app);
    await app.register(fastifyStatic, {
      root: options.webDist,
      wildcard: false,
      index: false,
      allowedPath: (path) => options.webMock || path !== MOCK_WORKER,
      cacheControl: false,
      // The web build writes .br and .gz copies (apps/web/scripts/precompress.mjs).
      preCompressed: true,
      setHeaders: (res, path) => {
        // Vite fingerprints everything under /assets/; the rest (index.html, redirect.html) must revalidate.
        const hashed = path.includes(`${join(options.webDist, 'assets')}/`) && !path.includes('/i18n/');
        res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsPage =
      hasSpa &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !API_PREFIXES.some((prefix) => path.startsWith(prefix)) &&
      path !== MOCK_WORKER &&
      // A browser asks for HTML; a client that names no type (curl, a probe) gets the page too.
      /text\/html|\*\/\*/.test(request.headers.accept ?? '*/*');
    if (wantsPage) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    return reply.status(404).send({ code: 'NOT_FOUND', message: `Nothing at ${request.method} ${path}` });
  });
}
