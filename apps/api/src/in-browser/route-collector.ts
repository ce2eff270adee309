import type { FastifyBaseLogger, FastifyInstance, RouteOptions } from 'fastify';

/** A route as a route plugin registered it (http/route.ts fills method, url, config, schema, handler). */
export type CollectedRoute = RouteOptions & { method: string; url: string };

/** The app-wide values a route plugin reads from `app` (and its handlers from `request.server`). */
export interface AppDecorations {
  log: FastifyBaseLogger;
  fileStorage: FastifyInstance['fileStorage'];
  mail: FastifyInstance['mail'];
  /** @fastify/rate-limit's limiter factory, which some routes use beside their own limit (registration). */
  createRateLimit: FastifyInstance['createRateLimit'];
}

/** Hooks that run when the app closes; a hook that would run per request has no place here. */
const CLOSE_HOOKS = new Set(['preClose', 'onClose']);

/**
 * Just enough of a Fastify instance for the API's route plugins to register on: their routes are collected
 * (answered by in-browser-api.ts), `register` runs a plugin at once, the decorations are the app's, and
 * a parser of text is noted (the body is read as text). A per-request hook or another parser throws, since nothing here would run it: the API's
 * behaviour in the browser must not differ by omission.
 */
export function routeCollector(decorations: AppDecorations) {
  const routes: CollectedRoute[] = [];
  const closeHooks: Array<() => unknown> = [];
  /** The media types read as text besides Fastify's own (JSON, text/plain), as a plugin's parser reads them. */
  const textTypes = new Set(['text/plain']);
  const app = {
    ...decorations,
    route(options: CollectedRoute) {
      routes.push(options);
      return app;
    },
    async register(plugin: (instance: unknown, options: unknown) => unknown, options: unknown = {}) {
      await plugin(app, options);
      return app;
    },
    addHook(name: string, hook: () => unknown) {
      if (!CLOSE_HOOKS.has(name))
        throw new Error(`A route plugin's ${name} hook does not run in the browser`);
      closeHooks.push(hook);
      return app;
    },
    addContentTypeParser(type: string, options: { parseAs?: string }) {
      if (options.parseAs !== 'string') throw new Error(`A parser for ${type} that does not read text`);
      textTypes.add(type);
      return app;
    },
    decorate(name: string, value: unknown) {
      Reflect.set(app, name, value);
      return app;
    },
  };
  return {
    /** What the route plugins take for `app`. */
    app: app as unknown as FastifyInstance,
    routes,
    textTypes,
    close: async () => {
      for (const hook of closeHooks) await hook();
    },
  };
}

/** The route a method and path reach, with its params: a static segment wins over a param, as in Fastify. */
export function matchRoute(routes: readonly CollectedRoute[], method: string, path: string) {
  let best: { route: CollectedRoute; params: Record<string, string>; statics: number } | undefined;
  const segments = path.split('/');
  for (const route of routes) {
    if (route.method !== method) continue;
    const pattern = route.url.split('/');
    if (pattern.length !== segments.length) continue;
    const params: Record<string, string> = {};
    let statics = 0;
    const matches = pattern.every((part, index) => {
      const segment = segments[index] ?? '';
      if (part.startsWith(':')) {
        params[part.slice(1)] = decodeURIComponent(segment);
        return segment !== '';
      }
      statics += 1;
      return part === segment;
    });
    if (matches && (!best || statics > best.statics)) best = { route, params, statics };
  }
  return best && { route: best.route, params: best.params };
}
