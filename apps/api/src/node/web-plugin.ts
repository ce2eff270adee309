import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { markRoutesPublic } from '../plugins/public-routes.js';

/** Paths that belong to the API: an unknown one answers a JSON 404, never the SPA. */
const API_PREFIXES = ['/api/', '/links/', '/environment/', '/assets/i18n/', '/healthz', '/readyz'];
/**
 * Mock mode's files (spec §7), in every build of the SPA and served only when the SPA runs in mock mode,
 * which production refuses (config.ts): msw's worker at the root (and its compressed copies), and what the
 * build puts under assets/mock/ (apps/web/vite.config.ts MOCK_ASSETS): mock mode's API worker, which holds
 * the API's code, its migrations and the demo data.
 */
const MOCK_FILES = /^\/(mockServiceWorker\.js(\.gz|\.br)?$|assets\/mock\/)/;
/** A source map, or a compressed copy of one: the code of every screen, comments included. */
const SOURCE_MAP = /\.map(\.gz|\.br)?$/;

export interface WebOptions {
  webDist: string;
  webMock: boolean;
  /** Whether source maps are served (config.ts webSourceMaps: outside production, or when asked). */
  sourceMaps: boolean;
}

/** Whether the build's file at this path (as @fastify/static names it, from the root) may be served. */
export const servesFile = (path: string, options: Omit<WebOptions, 'webDist'>): boolean =>
  (options.webMock || !MOCK_FILES.test(path)) && (options.sourceMaps || !SOURCE_MAP.test(path));

/**
 * Serves the built SPA (when there is one) and answers every other unknown GET that asks for HTML with
 * index.html, so the SPA's router handles deep links (history fallback).
 */
/** Registered with app.register, so it is its own scope: markRoutesPublic touches only the static routes. */
export async function webPlugin(app: FastifyInstance, options: WebOptions) {
  const hasSpa = existsSync(join(options.webDist, 'index.html'));
  if (hasSpa) {
    markRoutesPublic(app);
    await app.register(fastifyStatic, {
      root: options.webDist,
      wildcard: false,
      index: false,
      allowedPath: (path) => servesFile(path, options),
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
      servesFile(path, options) &&
      // A browser asks for HTML; a client that names no type (curl, a probe) gets the page too.
      /text\/html|\*\/\*/.test(request.headers.accept ?? '*/*');
    if (wantsPage) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    return reply.status(404).send({ code: 'NOT_FOUND', message: `Nothing at ${request.method} ${path}` });
  });
}
