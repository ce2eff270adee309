import type { FastifyBaseLogger, FastifyInstance, RouteOptions } from 'fastify';
import FindMyWay from 'find-my-way';

/** A route as a route plugin registered it (http/route.ts fills method, url, config, schema, handler). */
export type CollectedRoute = RouteOptions & { method: string; url: string };

/** The app-wide values a route plugin reads from `app` (and its handlers from `request.server`). */
export interface AppDecorations {
  log: FastifyBaseLogger;
  fileStorage: FastifyInstance['fileStorage'];
  mail: FastifyInstance['mail'];
  /** @fastify/rate-limit's limiter factory, which some routes use beside their own limit (registration). */
  createRateLimit: FastifyInstance['createRateLimit'];
  /** plugins/auth.ts's: the signed-in caller of a public route, if its token is valid. */
  signedInUser: FastifyInstance['signedInUser'];
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

/** A request's route, its params and its query, as Fastify's router (find-my-way) finds them. */
export interface FoundRoute {
  route: CollectedRoute;
  params: Record<string, string | undefined>;
  query: Record<string, string | string[]>;
}

/** Fastify's answer to a URL it cannot route: not valid percent-encoding, or a param past its length. */
function refuseUrl(statusCode: number, code: string, message: string): never {
  throw Object.assign(new Error(message), { statusCode, code });
}

/**
 * The collected routes in Fastify's own router, with Fastify's defaults (case-sensitive, trailing slash
 * and duplicate slashes significant, params of at most 100 characters, a HEAD for each GET), so a URL reaches the route, params
 * and query here that it reaches on the server. `find` throws Fastify's error for a malformed URL.
 */
export function routeTable(routes: readonly CollectedRoute[]) {
  const router = FindMyWay({
    onBadUrl: (path) => refuseUrl(400, 'FST_ERR_BAD_URL', `'${path}' is not a valid url component`),
    onMaxParamLength: (path) =>
      refuseUrl(414, 'FST_ERR_MAX_PARAM_LENGTH', `'${path}' is exceeding the max param length`),
  });
  for (const route of routes) router.on(route.method as FindMyWay.HTTPMethod, route.url, () => route, route);
  // Fastify's exposeHeadRoutes: every GET answers HEAD too, unless a HEAD route of its own is declared.
  for (const route of routes) {
    if (route.method !== 'GET' || router.hasRoute('HEAD', route.url)) continue;
    router.on('HEAD', route.url, () => route, route);
  }
  return {
    find(method: string, url: string): FoundRoute | undefined {
      const found = router.find(method as FindMyWay.HTTPMethod, url);
      if (!found) return undefined;
      // A bad URL's handle carries no route: its handler throws the error the server answers (refuseUrl).
      if (!found.store) found.handler(undefined as never, undefined as never, {}, null, {});
      return {
        route: found.store as CollectedRoute,
        params: found.params,
        query: found.searchParams as Record<string, string | string[]>,
      };
    },
  };
}
