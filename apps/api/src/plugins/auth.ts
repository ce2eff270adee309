import { rolesFromClaim } from '@portal/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  createRemoteJWKSet,
  type JWTPayload,
  type JWTVerifyGetKey,
  errors as joseErrors,
  jwtVerify,
} from 'jose';
import type { Role } from '../db/schema.js';
import { ApiError } from '../http/api-error.js';
import { sameSecret } from '../http/same-secret.js';

/**
 * Who may call a route. Every route declares one next to its definition (`config.access`): anyone, the
 * B2C API connector (HTTP basic with the configured secret), or signed-in users with one of some roles.
 */
export type Access = 'public' | 'connector' | { roles: readonly Role[] };

/** A route any signed-in user with one of these roles may call. */
export const roles = (...allowed: Role[]): Access => ({ roles: allowed });

export interface SessionUser {
  /** The identity provider's subject (B2C object id). */
  subject: string;
  name: string | undefined;
  email: string | undefined;
  roles: Role[];
  /** When the token was issued (its sign-in or renewal). */
  issuedAt: Date;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    user?: SessionUser;
  }
  interface FastifyInstance {
    /** Every route and its declared access, for the authorization matrix. */
    declaredRoutes: DeclaredRoute[];
    /**
     * On a public route: the caller's user when they sent a valid token and the directory lets them in,
     * else undefined (a visitor). Never a refusal: the route answers both; it only counts who is who.
     */
    signedInUser: (request: FastifyRequest) => Promise<SessionUser | undefined>;
  }
}

export interface DeclaredRoute {
  method: string | string[];
  url: string;
  config?: { access?: Access };
  /** The content types a body may come in, when not JSON alone (uploads): the fuzz suite sends those. */
  schema?: { consumes?: readonly string[] };
}

export interface AuthOptions {
  issuer: string;
  audience: string;
  /** The configured login policy: a token whose acr (or tfp) differs is refused (spec §4). */
  loginPolicy: string;
  jwksUrl: string;
  /** The B2C API connector's shared secret; without it, connector routes refuse every call. */
  connectorSecret?: string | undefined;
  /** Tests and benchmarks pass a local key set instead of fetching the provider's. */
  keySet?: JWTVerifyGetKey;
  /** Called once per token (per sign-in or renewal) with its verified user. */
  onSignIn?: (user: SessionUser) => Promise<void>;
  /**
   * The user's standing in the portal's directory (accounts/user-standing.ts): a disabled user, or an
   * external user whose access is revoked, is refused although their token is still valid.
   */
  standing?: (user: SessionUser) => Promise<UserStanding>;
  /** How long a user's standing is cached per API instance; default (and at most) 60 s. */
  standingTtlMs?: number;
}

/** Whether the directory lets a signed-in user call the API. */
export type UserStanding = 'ok' | 'disabled' | 'revoked' | 'inactive' | 'unknown';

/**
 * What each refused standing answers. A user disabled, revoked or removed since signing in gets 403
 * ACCESS_WITHDRAWN, on which the SPA signs them out with a message that says so; an
 * invitee who has not accepted yet gets FORBIDDEN.
 */
const WITHDRAWN: Record<Exclude<UserStanding, 'ok'>, boolean> = {
  disabled: true,
  revoked: true,
  inactive: false,
  unknown: true,
};

/** The message of each refused standing. */
const REFUSED: Record<Exclude<UserStanding, 'ok'>, string> = {
  disabled: 'This account is disabled; contact your administrator',
  revoked: "Your access to your company's application is revoked",
  inactive: 'This account is not active yet: accept your invitation first',
  unknown: 'This account is not a user of the portal',
};

/** "the API checks the user's status, cached for at most a minute". */
export const STANDING_TTL_MS = 60_000;

const unauthenticated = (message: string) => new ApiError(401, 'ERR_AUTHENTICATION', message);

/**
 * Verifies the bearer token of every request to a route that is not public (signature against the
 * provider's cached JWKS, issuer, audience, expiry, acr) and checks the route's roles from the token
 * itself. A route that declares no access is refused at start-up, so nothing is open by omission.
 */
export const authPlugin = fp(async (app: FastifyInstance, options: AuthOptions) => {
  const keySet = options.keySet ?? createRemoteJWKSet(new URL(options.jwksUrl), { cacheMaxAge: 10 * 60_000 });
  const policy = options.loginPolicy.toLowerCase();

  // A token's signature is checked once: a browser sends the same token on every call until it renews
  // it, and an RSA verification costs more than the rest of a typical request. Expiry is checked on every
  // call. The cache forgets everything when it grows large.
  const verified = new Map<string, JWTPayload>();
  async function verifiedPayload(token: string): Promise<JWTPayload> {
    const known = verified.get(token);
    if (known && (known.exp ?? 0) * 1000 > Date.now()) return known;
    try {
      const { payload } = await jwtVerify(token, keySet, {
        issuer: options.issuer,
        audience: options.audience,
        algorithms: ['RS256'],
        requiredClaims: ['sub', 'exp'],
      });
      if (verified.size >= 10_000) verified.clear();
      verified.set(token, payload);
      return payload;
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) throw unauthenticated('The session token is not valid');
      throw error;
    }
  }

  async function verify(request: FastifyRequest): Promise<SessionUser> {
    const header = request.headers.authorization;
    if (!header) throw new ApiError(401, 'UNAUTHORIZED', 'Sign in to continue');
    const [scheme, token] = header.split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !token) throw unauthenticated('Expected a bearer token');
    const payload = await verifiedPayload(token);
    const acr = String(payload.acr ?? payload.tfp ?? '').toLowerCase();
    if (acr !== policy) throw unauthenticated('The session token comes from another sign-in policy');
    const emails = Array.isArray(payload.emails) ? payload.emails : [];
    return {
      subject: String(payload.sub),
      name: typeof payload.name === 'string' ? payload.name : undefined,
      email: typeof emails[0] === 'string' ? emails[0] : undefined,
      roles: rolesFromClaim(payload.roles),
      issuedAt: new Date((payload.iat ?? 0) * 1000),
    };
  }

  function checkConnector(request: FastifyRequest): void {
    const expected = options.connectorSecret;
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Basic ') ? Buffer.from(header.slice(6), 'base64').toString() : '';
    // The user name is free (B2C sends what it was configured with); the password is the secret.
    const secret = given.slice(given.indexOf(':') + 1);
    if (!expected || !given.includes(':') || !sameSecret(secret, expected)) {
      throw new ApiError(401, 'UNAUTHORIZED', 'The connector credentials are missing or wrong');
    }
  }

  // A token is reported once, however many calls it makes; the set is cleared when it grows large.
  const reported = new Set<string>();
  async function reportSignIn(user: SessionUser): Promise<void> {
    if (!options.onSignIn) return;
    const key = `${user.subject}:${user.issuedAt.getTime()}`;
    if (reported.has(key)) return;
    if (reported.size > 10_000) reported.clear();
    reported.add(key);
    await options.onSignIn(user);
  }

  // A user's standing is read from the directory at most once a minute per instance (keyed by
  // the token's subject), so an admin's disable or revoke takes effect within a minute of the change, on
  // every instance, without a query per call. The map forgets everything when it grows large.
  const ttl = Math.min(options.standingTtlMs ?? STANDING_TTL_MS, STANDING_TTL_MS);
  const standings = new Map<string, { standing: UserStanding; until: number }>();
  async function checkStanding(user: SessionUser): Promise<void> {
    if (!options.standing) return;
    const now = Date.now();
    let known = standings.get(user.subject);
    if (!known || known.until <= now) {
      if (standings.size >= 10_000) standings.clear();
      known = { standing: await options.standing(user), until: now + ttl };
      standings.set(user.subject, known);
    }
    refuseStanding(known.standing);
  }

  app.decorate('signedInUser', async (request: FastifyRequest): Promise<SessionUser | undefined> => {
    if (request.user) return request.user;
    if (!request.headers.authorization) return undefined;
    try {
      const user = await verify(request);
      await checkStanding(user);
      return user;
    } catch (error) {
      // A token the API would refuse makes the caller a visitor here.
      if (error instanceof ApiError) return undefined;
      throw error;
    }
  });

  // Routes are checked once all are registered, since plugins such as the docs mark theirs public in their
  // own onRoute hook, which runs after this one.
  const routes: DeclaredRoute[] = [];
  app.decorate('declaredRoutes', routes);
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
  app.addHook('onReady', async () => {
    const open = routes.filter((route) => !route.config?.access);
    if (open.length > 0) {
      const names = open.map((route) => `${String(route.method)} ${route.url}`).join(', ');
      throw new Error(`Routes that declare no access (public or roles): ${names}`);
    }
  });

  app.addHook('onRequest', async (request) => {
    if (request.is404) return;
    const access = request.routeOptions.config.access;
    if (access === 'public') return;
    if (access === 'connector') return checkConnector(request);
    const user = await verify(request);
    request.user = user;
    await reportSignIn(user);
    await checkStanding(user);
    refuseOtherRoles(access, user);
  });
});

/** A standing the directory refuses answers 403 (ACCESS_WITHDRAWN, or FORBIDDEN for an invitee). */
export function refuseStanding(standing: UserStanding): void {
  if (standing === 'ok') return;
  const code = WITHDRAWN[standing] ? 'ACCESS_WITHDRAWN' : 'FORBIDDEN';
  throw new ApiError(403, code, REFUSED[standing]);
}

/** A signed-in user without one of the route's roles answers 403 FORBIDDEN. */
export function refuseOtherRoles(access: Access | undefined, user: SessionUser): void {
  if (typeof access === 'object' && access.roles.some((role) => user.roles.includes(role))) return;
  throw new ApiError(403, 'FORBIDDEN', 'Your role does not allow this');
}
