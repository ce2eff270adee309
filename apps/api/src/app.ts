import zlib from 'node:zlib';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import type { JWTVerifyGetKey } from 'jose';
import { userStanding } from './accounts/user-standing.js';
import { lazyTokenCipher } from './company/token-cipher.js';
import type { Config } from './config.js';
import type { Database } from './db/database-handle.js';
import { requestContextPlugin } from './db/request-context.js';
import { DEFAULT_BODY_LIMIT } from './http/body-limits.js';
import { requestLogSerializer } from './http/log-redaction.js';
import { requestIdOf, requestIdPlugin } from './http/request-id.js';
import { responseSerializerCompiler } from './http/response-serializer.js';
import { mailPlugin } from './mail/mail-plugin.js';
import { recordSignIn } from './modules/users/sign-ins.js';
import { createFileStorage } from './node/configured-file-storage.js';
import { configuredMailTransport } from './node/smtp-transport.js';
import { serverTokenKey } from './node/token-key-file.js';
import { webPlugin } from './node/web-plugin.js';
import { createInstanceMetrics } from './observability/instance-metrics.js';
import { instanceMetricsPlugin } from './observability/instance-metrics-plugin.js';
import { authPlugin } from './plugins/auth.js';
import { csrfPlugin } from './plugins/csrf.js';
import { errorsPlugin, frameworkErrors } from './plugins/errors.js';
import { nulCharactersPlugin } from './plugins/nul-characters.js';
import { markRoutesPublic } from './plugins/public-routes.js';
import { rateLimitsPlugin, userRateLimitsPlugin } from './plugins/rate-limits.js';
import { securityHeadersPlugin } from './plugins/security-headers.js';
import { routesPlugin } from './routes.js';
import { orphanSweepPlugin } from './storage/orphan-sweep-plugin.js';
import { storagePlugin } from './storage/storage-plugin.js';

export interface AppOptions {
  config: Config;
  database: Database;
  /** Tests and benchmarks verify tokens against a local key set instead of the provider's JWKS. */
  keySet?: JWTVerifyGetKey;
  logger?: FastifyServerOptions['logger'];
}

/** A hop count as proxy-addr reads one (the n addresses nearest the socket are proxies), else as given. */
function trustProxyOption(trusted: Config['trustProxy']) {
  if (typeof trusted !== 'number') return trusted;
  return (_address: string, hop: number) => hop < trusted;
}

/** Builds the API; it reads as a table of contents. server.ts listens, tests call inject(). */
export async function buildApp({ config, database, keySet, logger }: AppOptions) {
  const metrics = createInstanceMetrics(database);
  const app = Fastify({
    // One id per request, in the logs, the x-request-id header and every error body.
    genReqId: requestIdOf,
    // Every request line goes through one serializer that redacts mailed-link tokens.
    logger:
      logger === undefined || (typeof logger === 'object' && !('child' in logger))
        ? { level: config.logLevel, ...logger, serializers: { req: requestLogSerializer } }
        : logger,
    // X-Forwarded-For is read only from the proxies TRUST_PROXY names (none by default),
    // so a client cannot write its own address past the rate limits and into the audit trail.
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: DEFAULT_BODY_LIMIT,
    // A malformed URL is answered before any route, outside the error handler: in the one error shape too.
    frameworkErrors,
  });
  app.setValidatorCompiler(validatorCompiler);
  // Responses are written by serializers compiled from their schemas; tests also check them against zod.
  app.setSerializerCompiler(responseSerializerCompiler({ check: config.nodeEnv === 'test' }));
  app.addHook('onClose', () => database.close());

  await app.register(requestContextPlugin, { db: database.db });
  await app.register(requestIdPlugin);
  await app.register(instanceMetricsPlugin, { metrics, token: config.metricsToken });
  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin, {
    publicUrl: config.publicUrl,
    identityProvider: config.auth.instance,
    webMock: config.webMock,
  });
  // No CORS unless origins are configured: the SPA is served by the API itself, same origin.
  if (config.corsOrigins.length > 0) await app.register(cors, { origin: config.corsOrigins });
  // Before every route, so each anonymous one gets its limit (plugins/rate-limits.ts).
  await app.register(rateLimitsPlugin, { perMinute: config.rateLimitAnonymous });
  // JSON answers compressed for browsers that accept it; static files come pre-compressed (node/web-plugin.ts).
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(authPlugin, {
    issuer: config.auth.issuer,
    audience: config.auth.audience,
    loginPolicy: config.auth.loginPolicy,
    jwksUrl: config.auth.jwksUrl,
    connectorSecret: config.auth.connectorSecret,
    onSignIn: (user) => recordSignIn(database.db, user),
    // A disabled or revoked user's calls are refused within a minute (the standing is cached).
    standing: (user) => userStanding(database.db, user),
    standingTtlMs: config.standingCheckMs,
    ...(keySet ? { keySet } : {}),
  });
  // After auth: each signed-in user's writes and uploads are counted by the token's subject.
  await app.register(userRateLimitsPlugin, {
    writesPerMinute: config.rateLimitUserWrites,
    uploadsPerMinute: config.rateLimitUserUploads,
  });
  await app.register(csrfPlugin, { secure: config.publicUrl.startsWith('https:') });
  // Text the database cannot hold (a NUL character) is refused at the boundary, before any route reads it.
  await app.register(nulCharactersPlugin);

  await app.register(swagger, {
    openapi: {
      info: { title: `${config.appName} API`, version: '1.1.3' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(async (docs) => {
    markRoutesPublic(docs);
    await docs.register(swaggerUi, { routePrefix: '/api/docs' });
  });

  // The outbox (app.mail) before the modules, whose transactions enqueue mails.
  await app.register(mailPlugin, { config, database, transport: configuredMailTransport(config.mail) });
  // Multipart uploads and the blob store (app.fileStorage), before the modules that store files.
  await app.register(storagePlugin, {
    fileStorage: createFileStorage(config.storage, (operation) => metrics.storageErrors.inc({ operation })),
  });
  // What a crash or an abandoned upload leaves is swept, on every instance, after a grace.
  await app.register(orphanSweepPlugin, { database, storage: config.storage });
  await app.register(routesPlugin, {
    database,
    config,
    observeVital: metrics.observeVital,
    tokenCipher: lazyTokenCipher(serverTokenKey(config)),
  });
  await app.register(webPlugin, {
    webDist: config.webDist,
    webMock: config.webMock,
    sourceMaps: config.webSourceMaps,
  });
  return app;
}
