import { z } from 'zod/mini';

/**
 * The repository root (this file sits at apps/api/{src,dist}/config.*), for the data and web folders'
 * defaults; the API in the browser (mock mode, in-browser/) is loaded from no file and keeps neither.
 */
const repoUrl = new URL('../../../', import.meta.url);
const repoRoot = repoUrl.protocol === 'file:' ? decodeURIComponent(repoUrl.pathname) : '/';

const booleanString = z.pipe(
  z.enum(['true', 'false']),
  z.transform((value) => value === 'true'),
);

/**
 * Every environment variable the API reads, with its default. This module is the only reader of
 * process.env (architecture.md); docs/configuration.md's table mirrors this schema.
 */
const envSchema = z.object({
  NODE_ENV: z._default(z.enum(['development', 'production', 'test']), 'development'),
  HOST: z._default(z.string().check(z.minLength(1)), '127.0.0.1'),
  PORT: z._default(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(65535)), 8080),
  /** Public origin of the portal, used in environment.json (redirect URIs). Defaults to http://HOST:PORT. */
  PUBLIC_URL: z.optional(z.url()),
  /** PostgreSQL connection string; when unset, the embedded PGlite database under DATA_DIR is used. */
  DATABASE_URL: z.optional(z.string().check(z.minLength(1))),
  /** Connections each API instance keeps to PostgreSQL. */
  DATABASE_POOL_SIZE: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(200)), 10),
  DATA_DIR: z._default(z.string().check(z.minLength(1)), `${repoRoot}data`),
  WEB_DIST: z._default(z.string().check(z.minLength(1)), `${repoRoot}apps/web/dist`),
  LOG_LEVEL: z._default(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), 'info'),
  APP_NAME: z._default(z.string().check(z.minLength(1)), 'Onboarding Portal'),
  ENV_NAME: z._default(z.string().check(z.minLength(1)), 'local'),
  /** spec §7: with mock, the SPA answers its own calls (MSW). Refused in production. */
  WEB_MOCK: z._default(booleanString, false),
  /**
   * Whether a production API serves the SPA's source maps (they hold the code of every screen and, for mock
   * mode, of the API): for an error tracker that fetches them. Outside production they are served anyway.
   */
  WEB_SOURCE_MAPS: z._default(booleanString, false),
  /** spec §3 azureAd: the identity provider the SPA signs in with. */
  AUTH_CLIENT_ID: z._default(z.string().check(z.minLength(1)), 'portal-spa'),
  AUTH_TENANT: z._default(z.string().check(z.minLength(1)), 'emvoportal'),
  AUTH_LOGIN_POLICY: z._default(z.string().check(z.minLength(1)), 'b2c_1_signin'),
  AUTH_RESET_POLICY: z._default(z.string().check(z.minLength(1)), 'b2c_1_reset'),
  /** Base of the provider's policy URLs, e.g. https://tenant.b2clogin.com; default: the local provider. */
  AUTH_INSTANCE: z.optional(z.url()),
  /** spec §2: interactive sign-in by redirect or in a popup. */
  AUTH_INTERACTION: z._default(z.enum(['redirect', 'popup']), 'redirect'),
  AUTH_API_SCOPE: z._default(
    z.string().check(z.minLength(1)),
    'https://emvoportal.onmicrosoft.com/portal-api/access_as_user',
  ),
  /** The `aud` of access tokens for this API (its application id in B2C). */
  AUTH_API_AUDIENCE: z._default(z.string().check(z.minLength(1)), 'portal-api'),
  /** Defaults derive from AUTH_INSTANCE, AUTH_TENANT and AUTH_LOGIN_POLICY (B2C's URL layout). */
  AUTH_ISSUER: z.optional(z.string().check(z.minLength(1))),
  AUTH_JWKS_URL: z.optional(z.url()),
  /** Bearer secret a Prometheus scraper sends to GET /metrics; unset: no metrics route. */
  METRICS_TOKEN: z.optional(z.string().check(z.minLength(16))),
  /** Shared secret of the B2C API connector that asks /api/identity/claims for a user's roles. */
  AUTH_CONNECTOR_SECRET: z.optional(z.string().check(z.minLength(16))),
  /** Azure Blob Storage connection string; unset: files on the local disk under DATA_DIR/files. */
  STORAGE_CONNECTION_STRING: z.optional(z.string().check(z.minLength(1))),
  /** Prepended to each purpose's container name (`portal-copy-of-proof`), so environments can share an account. */
  STORAGE_CONTAINER_PREFIX: z._default(
    z.string().check(z.regex(/^[a-z0-9-]{0,20}$/, 'lower-case letters, digits and -, at most 20')),
    'portal-',
  ),
  /** smtp://user:pass@host:587 or smtps://…; unset: mails stay in the outbox (readable outside production). */
  SMTP_URL: z.optional(z.url()),
  /** The sender of every mail. */
  MAIL_FROM: z._default(z.string().check(z.minLength(3)), 'Onboarding Portal <no-reply@portal.local>'),
  /** How often each instance's sender looks for due mails (a confirmation mail should not wait long). */
  MAIL_POLL_INTERVAL_MS: z._default(
    z.coerce.number().check(z.int(), z.minimum(50), z.maximum(600_000)),
    5_000,
  ),
  /** The first wait before a failed mail is tried again; each later wait doubles, capped at an hour. */
  MAIL_RETRY_BASE_MS: z._default(
    z.coerce.number().check(z.int(), z.minimum(10), z.maximum(3_600_000)),
    30_000,
  ),
  /** Public holidays the SLA's working days skip: YYYY-MM-DD, comma-separated; default: Belgium's, 2026-2027. */
  SLA_HOLIDAYS: z.optional(
    z
      .string()
      .check(
        z.regex(/^\d{4}-\d{2}-\d{2}(,\d{4}-\d{2}-\d{2})*$/, 'dates such as 2026-12-25, comma-separated'),
      ),
  ),
  /**
   * The key session token values are encrypted with (AES-256-GCM): 32 bytes in base64. Unset: a key
   * generated once and kept in DATA_DIR/token-encryption.key (mode 0600), fine outside production.
   */
  /**
   * Requests per minute and client address to each anonymous route (every anonymous route is
   * limited; the routes that send mails keep their own tighter limits).
   */
  RATE_LIMIT_ANONYMOUS: z._default(z.coerce.number().check(z.int(), z.minimum(1)), 600),
  /** Origins allowed to call the API from another site, comma-separated; unset: no CORS at all. */
  CORS_ORIGINS: z.optional(
    z
      .string()
      .check(
        z.refine(
          (value) => value.split(',').every((origin) => URL.canParse(origin.trim())),
          'origins such as https://a.example',
        ),
      ),
  ),
  /**
   * Which proxies in front of the API may say who the client is (X-Forwarded-For): a hop count
   * (`1`: the one load balancer) or the proxies' addresses and CIDRs, comma-separated. Unset: none, the
   * socket's address counts (trusting every hop would let a client write its own address).
   */
  TRUST_PROXY: z.optional(
    z
      .string()
      .check(
        z.refine(
          (value) =>
            /^\d{1,2}$/.test(value) || value.split(',').every((entry) => isAddressOrCidr(entry.trim())),
          'a hop count (1) or proxy addresses and CIDRs, comma-separated (10.0.0.0/8,192.0.2.7)',
        ),
      ),
  ),
  /** Write requests a minute each signed-in user may make (no route is an unbounded cannon). */
  RATE_LIMIT_USER_WRITES: z._default(z.coerce.number().check(z.int(), z.minimum(1)), 120),
  /** Invitations a company may send a day (the portal is no mail cannon). */
  INVITATIONS_PER_COMPANY_PER_DAY: z._default(
    z.coerce.number().check(z.int(), z.minimum(1), z.maximum(1000)),
    10,
  ),
  /** Uploads a minute each signed-in user may make. */
  RATE_LIMIT_USER_UPLOADS: z._default(z.coerce.number().check(z.int(), z.minimum(1)), 20),
  /**
   * Live event streams (GET /api/events) one user may hold open on one instance (a per-user
   * connection limit); one per open tab. A browser on HTTP/1.1 holds at most six connections per origin.
   */
  EVENTS_STREAMS_PER_USER: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(1000)), 5),
  /** How often an idle event stream sends a heartbeat: under the idle timeout of every proxy on the way. */
  EVENTS_HEARTBEAT_MS: z._default(
    z.coerce.number().check(z.int(), z.minimum(500), z.maximum(300_000)),
    15_000,
  ),
  /**
   * How old a signed-in user's standing (status, access, roles) may be: each instance reads it from the
   * directory at most this often per user and checks its open live streams as often. At most a minute.
   */
  STANDING_CHECK_MS: z._default(z.coerce.number().check(z.int(), z.minimum(100), z.maximum(60_000)), 60_000),
  /** What each company's stored files may take, in MB of 10⁶ bytes. */
  STORAGE_QUOTA_MB: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(1_000_000)), 200),
  /** How long an uploaded file no record references is kept before the sweep removes it. */
  STORAGE_ORPHAN_GRACE_MINUTES: z._default(
    z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100_000)),
    60,
  ),
  /**
   * Local-only conveniences, off unless asked for (`npm start` asks): the readable outbox
   * (GET /api/dev/outbox) and the embedded identity provider. Refused when the API listens beyond loopback.
   */
  DEV_OUTBOX: z._default(booleanString, false),
  LOCAL_IDP: z._default(booleanString, false),
  TOKEN_ENCRYPTION_KEY: z.optional(
    z.string().check(
      z.refine(
        (value) => Buffer.from(value, 'base64').length === 32 && /^[A-Za-z0-9+/]+={0,2}$/.test(value),
        {
          message: '32 bytes in base64 (openssl rand -base64 32)',
        },
      ),
    ),
  ),
});

/**
 * spec-free default: EMVO works from Brussels, so the SLA skips Belgium's public holidays (New Year, Easter
 * Monday, Labour Day, Ascension, Whit Monday, National Day, Assumption, All Saints, Armistice, Christmas).
 */
export const DEFAULT_SLA_HOLIDAYS = [
  '2026-01-01',
  '2026-04-06',
  '2026-05-01',
  '2026-05-14',
  '2026-05-25',
  '2026-07-21',
  '2026-08-15',
  '2026-11-01',
  '2026-11-11',
  '2026-12-25',
  '2027-01-01',
  '2027-03-29',
  '2027-05-01',
  '2027-05-06',
  '2027-05-17',
  '2027-07-21',
  '2027-08-15',
  '2027-11-01',
  '2027-11-11',
  '2027-12-25',
];

const CIDR = /^(.+)\/(\d{1,3})$/;
const IPV4 = z.ipv4();
const IPV6 = z.ipv6();

/** An IPv4 or IPv6 address, or one with a prefix length (10.0.0.0/8, fd00::/8). */
function isAddressOrCidr(entry: string): boolean {
  const cidr = CIDR.exec(entry);
  const address = cidr?.[1] ?? entry;
  const family = IPV4.safeParse(address).success ? 4 : IPV6.safeParse(address).success ? 6 : 0;
  if (family === 0) return false;
  return !cidr || Number(cidr[2]) <= (family === 4 ? 32 : 128);
}

/** Whether a listening address is reachable from this machine alone. */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** fastify's trustProxy: a hop count, the proxies' addresses, or (unset) nobody. */
function trustProxyOf(value: string | undefined): number | string[] | false {
  if (value === undefined) return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((entry) => entry.trim());
}

export type Config = ReturnType<typeof loadConfig>;

/** B2C's URL layout: {instance}/{tenant}.onmicrosoft.com/{policy}, lower case (MSAL lower-cases paths). */
export const b2cPolicyBase = (instance: string, tenant: string, policy: string) =>
  `${instance}/${tenant}.onmicrosoft.com/${policy}`.toLowerCase();

/**
 * What production refuses to start with, and what only this machine may see: the reasons a configuration
 * that parses is still refused. `server`: false for the API in the browser (mock mode), which listens on
 * nothing, so its outbox faces no network.
 */
function refusals(e: z.infer<typeof envSchema>, options: { server: boolean }): string[] {
  const problems: string[] = [];
  // Mock mode signs every visitor in to a demo portal without the identity provider.
  if (e.NODE_ENV === 'production' && e.WEB_MOCK) {
    problems.push(
      'WEB_MOCK: mock mode signs every visitor in without the identity provider; never in production',
    );
  }
  if (!options.server) return problems;
  // The readable outbox hands out every mailed link and the local provider is no B2C:
  // neither may face a network, neither by the API's own address nor behind a proxy that publishes it.
  const conveniences = [e.DEV_OUTBOX && 'DEV_OUTBOX', e.LOCAL_IDP && 'LOCAL_IDP'].filter(Boolean).join(', ');
  if (conveniences && !isLoopback(e.HOST)) {
    problems.push(
      `${conveniences}: local-only, but the API listens on ${e.HOST} (set HOST=127.0.0.1 or turn them off)`,
    );
  }
  // Unset, PUBLIC_URL is the API's own address, checked above. A URL's IPv6 host comes in brackets.
  const publicHost = e.PUBLIC_URL && new URL(e.PUBLIC_URL).hostname.replace(/^\[(.*)\]$/, '$1');
  if (conveniences && publicHost && !isLoopback(publicHost)) {
    problems.push(
      `${conveniences}: local-only, but PUBLIC_URL ${e.PUBLIC_URL} is not this machine (turn them off)`,
    );
  }
  return problems;
}

export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  options: { server: boolean } = { server: true },
) {
  // An empty variable counts as unset (`DATABASE_URL= npm start` means the embedded database).
  const set = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(set);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://${e.HOST}:${e.PORT}`).replace(/\/$/, '');
  const refused = refusals(e, options);
  if (refused.length > 0) throw new Error(`Invalid configuration:\n  ${refused.join('\n  ')}`);
  const instance = (e.AUTH_INSTANCE ?? 'http://127.0.0.1:8090').replace(/\/$/, '');
  const policyBase = b2cPolicyBase(instance, e.AUTH_TENANT, e.AUTH_LOGIN_POLICY);
  return {
    production: e.NODE_ENV === 'production',
    nodeEnv: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    dataDir: e.DATA_DIR,
    pgliteDir: `${e.DATA_DIR}/pglite`,
    webDist: e.WEB_DIST,
    logLevel: e.LOG_LEVEL,
    appName: e.APP_NAME,
    envName: e.ENV_NAME,
    webMock: e.WEB_MOCK,
    /** Whether the API serves the SPA's source maps: outside production, or when WEB_SOURCE_MAPS asks. */
    webSourceMaps: e.NODE_ENV !== 'production' || e.WEB_SOURCE_MAPS,
    metricsToken: e.METRICS_TOKEN,
    auth: {
      clientId: e.AUTH_CLIENT_ID,
      tenant: e.AUTH_TENANT,
      loginPolicy: e.AUTH_LOGIN_POLICY,
      resetPolicy: e.AUTH_RESET_POLICY,
      instance,
      apiScope: e.AUTH_API_SCOPE,
      interaction: e.AUTH_INTERACTION,
      audience: e.AUTH_API_AUDIENCE,
      issuer: e.AUTH_ISSUER ?? `${policyBase}/v2.0/`,
      jwksUrl: e.AUTH_JWKS_URL ?? `${policyBase}/discovery/v2.0/keys`,
      connectorSecret: e.AUTH_CONNECTOR_SECRET,
    },
    storage: {
      connectionString: e.STORAGE_CONNECTION_STRING,
      containerPrefix: e.STORAGE_CONTAINER_PREFIX,
      /** The local driver's folder. */
      dir: `${e.DATA_DIR}/files`,
      quotaBytes: e.STORAGE_QUOTA_MB * 1_000_000,
      orphanGraceMs: e.STORAGE_ORPHAN_GRACE_MINUTES * 60_000,
    },
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      pollIntervalMs: e.MAIL_POLL_INTERVAL_MS,
      retryBaseMs: e.MAIL_RETRY_BASE_MS,
    },
    slaHolidays: e.SLA_HOLIDAYS?.split(',') ?? DEFAULT_SLA_HOLIDAYS,
    tokenEncryptionKey: e.TOKEN_ENCRYPTION_KEY,
    rateLimitAnonymous: e.RATE_LIMIT_ANONYMOUS,
    rateLimitUserWrites: e.RATE_LIMIT_USER_WRITES,
    rateLimitUserUploads: e.RATE_LIMIT_USER_UPLOADS,
    eventsStreamsPerUser: e.EVENTS_STREAMS_PER_USER,
    eventsHeartbeatMs: e.EVENTS_HEARTBEAT_MS,
    standingCheckMs: e.STANDING_CHECK_MS,
    invitationsPerCompanyPerDay: e.INVITATIONS_PER_COMPANY_PER_DAY,
    trustProxy: trustProxyOf(e.TRUST_PROXY),
    devOutbox: e.DEV_OUTBOX,
    localIdp: e.LOCAL_IDP,
    corsOrigins: e.CORS_ORIGINS?.split(',').map((origin) => new URL(origin.trim()).origin) ?? [],
  };
}
