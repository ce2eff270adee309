import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import type { Config } from '@portal/api/config';
import type { JWK } from 'oidc-provider';
import type { PortalDb } from './account-repository.js';
import type { Clock } from './expiring-map.js';
import {
  BodyTooLargeError,
  isForm,
  lowerCasePath,
  readBody,
  sendText,
  stripOfflineAccessOnRefresh,
  withBody,
} from './http-helpers.js';
import { handleInteraction, type InteractionRoute } from './interactions.js';
import { POLICY_ROUTES, policyEndpoints, policyMountPath } from './policy-endpoints.js';
import { createPolicyProvider, type PolicyKind } from './policy-provider.js';
import { createResetCodes } from './reset-codes.js';
import { createSignInLockout } from './sign-in-lockout.js';

export interface LocalIdpLogger {
  error(message: string, error?: unknown): void;
}

export interface LocalIdpOptions {
  config: Config;
  /** The portal's database: accounts and roles come from its users table. */
  db: PortalDb;
  /** Only errors are reported; console.error by default. */
  logger?: LocalIdpLogger;
  /** The clock of the lockout and of the reset codes (Date.now); tests move it instead of waiting. */
  now?: Clock;
}

export interface LocalIdp {
  /** A node:http request listener serving both policies. */
  callback: RequestListener;
}

interface PolicyRoute extends InteractionRoute {
  issuer: string;
  callback: RequestListener;
}

const consoleLogger: LocalIdpLogger = { error: (message, error) => console.error(message, error ?? '') };

/**
 * The embedded provider shaped like Azure AD B2C: the login and reset policies, each its own oidc-provider
 * mounted at /{tenant}.onmicrosoft.com/{policy}. Keys (signing and cookie) are made per process: a restart
 * signs everyone out, which is fine for local use, demos and tests, the only uses it has.
 */
export function createLocalIdp(options: LocalIdpOptions): LocalIdp {
  const { config, db } = options;
  const logger = options.logger ?? consoleLogger;
  const keys = [createSigningKey()];
  const cookieKeys = [randomBytes(32).toString('base64url')];
  const instanceHost = new URL(config.auth.instance).host;
  const now = options.now ?? Date.now;
  // In this process's memory, like the sessions: a restart forgets locks and codes.
  const lockout = createSignInLockout({ now });
  const resetCodes = createResetCodes({ now });

  const kinds: Array<[string, PolicyKind]> = [
    [config.auth.loginPolicy, 'signin'],
    [config.auth.resetPolicy, 'reset'],
  ];
  const routes: PolicyRoute[] = kinds.map(([configured, kind]) => {
    const policy = configured.toLowerCase();
    const provider = createPolicyProvider({
      config,
      db,
      policy,
      kind,
      keys,
      cookieKeys,
      onError: (message, error) => logger.error(message, error),
    });
    return {
      provider,
      policy,
      kind,
      db,
      appName: config.appName,
      lockout,
      resetCodes,
      mountPath: policyMountPath(config, policy),
      issuer: policyEndpoints(config, policy).issuer,
      callback: provider.callback(),
    };
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(`http://${instanceHost}${req.url ?? '/'}`);
    const path = lowerCasePath(url.pathname);
    // URLs the providers generate (discovery, redirects) use the configured instance, whatever host the
    // request came through, so they equal policyEndpoints() and the API's issuer.
    req.headers.host = instanceHost;

    const route = routes.find((each) => path === each.mountPath || path.startsWith(`${each.mountPath}/`));
    if (!route) {
      if (path === '/' && req.method === 'GET') return sendText(res, 200, indexText(routes));
      // The pages name no icon of their own (an empty inline one); a browser that asks anyway gets nothing,
      // not a 404 at every sign-in.
      if (path === '/favicon.ico') {
        res.writeHead(204).end();
        return;
      }
      return sendText(res, 404, 'Not found');
    }
    let rest = path.slice(route.mountPath.length) || '/';

    const interaction = /^\/interaction\/([^/]+)(?:\/([^/]+))?\/?$/.exec(rest);
    if (interaction?.[1]) return handleInteraction(route, req, res, interaction[1], interaction[2]);

    if (rest === POLICY_ROUTES.b2cDiscovery) rest = POLICY_ROUTES.discovery;

    if (rest === POLICY_ROUTES.end_session && req.method === 'GET') {
      return forward(
        issuingRoute(url.searchParams.get('id_token_hint')) ?? route,
        req,
        res,
        rest,
        url.search,
      );
    }

    if (rest === POLICY_ROUTES.token && req.method === 'POST' && isForm(req)) {
      const body = await readBody(req);
      return forward(route, withBody(req, stripOfflineAccessOnRefresh(body)), res, rest, url.search);
    }

    return forward(route, req, res, rest, url.search);
  }

  /**
   * B2C accepts an id_token_hint from any policy of the tenant at a logout endpoint: the SPA signs out
   * through the login policy also after a reset-policy sign-in. The policy that issued the hint ends its
   * own session.
   */
  function issuingRoute(idTokenHint: string | null): PolicyRoute | undefined {
    const issuer = idTokenHint ? unverifiedIssuer(idTokenHint) : undefined;
    return routes.find((each) => each.issuer === issuer);
  }

  return {
    callback: (req, res) => {
      handle(req, res).catch((error: unknown) => {
        if (error instanceof BodyTooLargeError) return sendText(res, 413, 'Request body too large');
        logger.error('local-idp: request failed', error);
        if (res.headersSent) res.destroy();
        else sendText(res, 500, 'Internal error');
      });
    },
  };
}

function forward(
  route: PolicyRoute,
  req: IncomingMessage,
  res: ServerResponse,
  rest: string,
  search: string,
) {
  // oidc-provider finds its mount path by comparing originalUrl with url (the way Express mounts it).
  req.url = `${rest}${search}`;
  Object.assign(req, { originalUrl: `${route.mountPath}${rest}${search}` });
  route.callback(req, res);
}

/** Only to choose a route; the provider then verifies the token. */
function unverifiedIssuer(jwt: string): string | undefined {
  const payload = jwt.split('.')[1];
  if (!payload) return undefined;
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    if (typeof claims === 'object' && claims !== null && 'iss' in claims && typeof claims.iss === 'string') {
      return claims.iss;
    }
  } catch {
    // Not a JWT: the provider reports it.
  }
  return undefined;
}

function createSigningKey(): JWK {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' });
  const { n, e, d, p, q, dp, dq, qi } = jwk;
  if (!n || !e || !d || !p || !q || !dp || !dq || !qi) throw new Error('RSA key export is incomplete');
  return { kty: 'RSA', n, e, d, p, q, dp, dq, qi, kid: randomUUID(), alg: 'RS256', use: 'sig' };
}

function indexText(routes: PolicyRoute[]): string {
  const lines = routes.map((route) => `  ${route.policy}: ${route.issuer}.well-known/openid-configuration`);
  return `Local identity provider shaped like Azure AD B2C (local use, demos and tests only).\n\n${lines.join('\n')}\n`;
}

export interface StartedLocalIdp {
  /** The configured instance (config.auth.instance). */
  url: string;
  close(): Promise<void>;
}

/** Listens on the port of config.auth.instance (default http://127.0.0.1:8090), on config.host. */
export async function startLocalIdp(options: LocalIdpOptions): Promise<StartedLocalIdp> {
  const { callback } = createLocalIdp(options);
  const server = createServer(callback);
  const instance = new URL(options.config.auth.instance);
  const port = Number(instance.port || (instance.protocol === 'https:' ? 443 : 80));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, options.config.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    url: options.config.auth.instance,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Browsers and fetch keep connections open; without this close waits for them to time out.
        server.closeAllConnections();
      }),
  };
}
