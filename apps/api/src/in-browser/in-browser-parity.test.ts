import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { rolesFromClaim } from '@portal/domain';
import fc from 'fast-check';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { pgliteDatabase } from '../db/pglite-database.js';
import { createFileStorage } from '../node/configured-file-storage.js';
import { migrate } from '../node/migrate.js';
import type { SessionUser } from '../plugins/auth.js';
import { seedIfEmpty } from '../seed/seed.js';
import { type OpenApiDocument, type Operation, operationsOf } from '../test/fuzz/openapi-operations.js';
import { type FuzzRequest, requestArbitrary } from '../test/fuzz/openapi-requests.js';
import { realDataOf } from '../test/fuzz/real-data.js';
import { createTestApp, TEST_CONNECTOR_SECRET, testConfig, XSRF_HEADERS } from '../test/test-app.js';
import { createInBrowserApi } from './in-browser-api.js';

/**
 * The API in the browser (mock mode) and the server answer alike: the requests the fuzz suite generates
 * for every operation of the OpenAPI document (fuzz/openapi-requests.ts), each sent as every caller to
 * the server (Fastify's inject) and to the in-browser API, over two copies of one seeded database. Their
 * status, error codes (and fields) and body shapes (keys and value types, not ids or dates) must agree.
 *
 * What is the server's alone, and so left out: the anti-forgery pair (always sent), the rate limits
 * (lifted) and the connector's basic credentials (the B2C connector calls the server, never a browser).
 * PARITY_RUNS sets the requests per operation; PARITY_SEED the seed.
 */
const SEED = Number(process.env.PARITY_SEED ?? 20_261_129);
const RUNS = Number(process.env.PARITY_RUNS ?? 3);

/** A seeded world, dumped after its seed and loaded again, so both sides start with the same rows and ids. */
const seeded = await PGlite.create({ dataDir: 'memory://', extensions: { pg_trgm } });
const serverDatabase = pgliteDatabase(seeded);
await migrate(serverDatabase);
const serverDir = mkdtempSync(join(tmpdir(), 'api-parity-server-'));
const browserDir = mkdtempSync(join(tmpdir(), 'api-parity-browser-'));
await seedIfEmpty(serverDatabase.db, createFileStorage(testConfig({ DATA_DIR: serverDir }).storage));
const dump = await seeded.dumpDataDir('none');
const browserDatabase = pgliteDatabase(
  await PGlite.create({ dataDir: 'memory://', extensions: { pg_trgm }, loadDataDir: dump }),
);
// test:dates: not calendar. Both sides answer the same requests under the same clock, so a set clock moves
// them alike; what the day does to an answer is the other suites' matter, under the set clocks.

// The stored files' bytes too: each side deletes and writes its own.
cpSync(serverDir, browserDir, { recursive: true });

// Both sides name the session tokens' key, as mock mode does (the API in the browser has no key file).
const limitless = {
  RATE_LIMIT_ANONYMOUS: '1000000',
  TOKEN_ENCRYPTION_KEY: Buffer.from('parity-test-session-token-key-01').toString('base64'),
};
const server = await createTestApp({
  database: serverDatabase,
  config: { DATA_DIR: serverDir, ...limitless },
});
const browserConfig = testConfig({ DATA_DIR: browserDir, ...limitless });

/** A caller: the claims of its token on the server, the same signed-in user in the browser. */
interface Caller {
  name: string;
  claims?: { sub: string; name: string; emails: string[]; roles: string[] };
}
const caller = (name: string, email: string, role: string): Caller => ({
  name,
  claims: { sub: `parity-${name.toLowerCase()}`, name: `Parity ${name}`, emails: [email], roles: [role] },
});
const callers: Caller[] = [
  { name: 'no token' },
  caller('ADMIN', 'admin@portal.test', 'EmvoPortalAdmin'),
  caller('EMVO', 'reviewer@portal.test', 'EmvoPortalInternal'),
  caller('EXTERNAL', 'external@portal.test', 'EmvoPortalExternal'),
];
/** The server's session user of each caller's token (plugins/auth.ts reads the same claims). */
const usersByToken = new Map<string, SessionUser>(
  callers.flatMap(({ name, claims }) =>
    claims
      ? [
          [
            name,
            {
              subject: claims.sub,
              name: claims.name,
              email: claims.emails[0],
              roles: rolesFromClaim(claims.roles),
              issuedAt: new Date(),
            },
          ],
        ]
      : [],
  ),
);
const serverTokens = new Map(
  await Promise.all(
    callers.flatMap(({ name, claims }) =>
      claims ? [server.sign(claims).then((jwt) => [name, jwt] as const)] : [],
    ),
  ),
);

const browser = await createInBrowserApi({
  database: browserDatabase,
  config: browserConfig,
  fileStorage: createFileStorage(browserConfig.storage),
  userOf: async (token) => usersByToken.get(token),
  log: pino({ level: 'silent' }),
});

afterAll(async () => {
  console.log(`in-browser parity: ${compared} answers compared, ${limitedPairs} left to the server's limits`);
  await browser.close();
  await browserDatabase.close();
  await server.app.close();
});

// The seeded rows requests name, the same on both sides; the callers' own users are not offered.
const callerIds = await serverDatabase.db
  .selectFrom('users')
  .select('id')
  .where('email', 'in', ['admin@portal.test', 'reviewer@portal.test', 'external@portal.test'])
  .execute();
const data = await realDataOf(serverDatabase.db, new Set(callerIds.map((row) => row.id)));

/** The operations: the OpenAPI document's, joined with the routes the app declared. */
const operations = operationsOf(server.app.swagger() as OpenApiDocument, server.app.declaredRoutes);

/** What an answer is compared by: its status, its error codes and fields, or its body's shape. */
type Comparable = { status: number; errors: string[] } | { status: number; type: string; shape: unknown };

/** A value's shape: an object's keys with their shapes, an array's items', a scalar's type. */
function shapeOf(value: unknown): unknown {
  if (value === null) return null;
  if (Array.isArray(value)) return value.map(shapeOf);
  if (typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, shapeOf((value as Record<string, unknown>)[key])]),
    );
  }
  return typeof value;
}

function comparable(status: number, contentType: string, body: string): Comparable {
  const type = contentType.split(';')[0]?.trim() ?? '';
  const json = type === 'application/json' && body !== '' ? (JSON.parse(body) as unknown) : undefined;
  if (status >= 400) {
    const entries = (Array.isArray(json) ? json : [json]) as Array<{ code?: string; field?: string }>;
    return {
      status,
      errors: entries.map((entry) => `${entry?.code}${entry?.field ? ` ${entry.field}` : ''}`),
    };
  }
  return { status, type, shape: json === undefined ? body.length > 0 : shapeOf(json) };
}

/**
 * The request as a browser can send it, to both sides: its URL resolved as fetch resolves one ('..'
 * segments, spaces), and no body on a GET (fetch refuses one).
 */
function asFetchSends(request: FuzzRequest): FuzzRequest {
  const url = new URL(request.url, 'http://portal.test');
  const resolved = { ...request, url: `${url.pathname}${url.search}` };
  if (request.method !== 'GET') return resolved;
  const { payload: _payload, headers, ...rest } = resolved;
  const { 'content-type': _type, ...others } = headers;
  return { ...rest, headers: others };
}

let sent = 0;
/** The pairs compared, and those the server's limits answered alone (not compared). */
let compared = 0;
let limitedPairs = 0;

async function serverAnswer({ url, ...request }: FuzzRequest, who: Caller): Promise<Comparable> {
  const token = serverTokens.get(who.name);
  sent += 1;
  const answer = await server.app.inject({
    method: request.method as 'GET',
    url,
    // Each from an address of its own, so the limits per address (the mailing routes') leave it alone.
    remoteAddress: `10.${(sent >> 16) & 255}.${(sent >> 8) & 255}.${sent & 255}`,
    headers: { ...request.headers, ...XSRF_HEADERS, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(request.payload === undefined ? {} : { payload: request.payload }),
  });
  return comparable(answer.statusCode, String(answer.headers['content-type'] ?? ''), answer.body);
}

async function browserAnswer({ url, ...request }: FuzzRequest, who: Caller): Promise<Comparable> {
  const headers = new Headers({
    ...request.headers,
    ...(who.claims ? { authorization: `Bearer ${who.name}` } : {}),
  });
  const answer = await browser.fetch(
    new Request(`http://portal.test${url}`, {
      method: request.method,
      headers,
      ...(request.payload === undefined ? {} : { body: request.payload }),
    }),
  );
  return comparable(answer.status, answer.headers.get('content-type') ?? '', await answer.text());
}

/** The difference of one request's two answers, if any; a limit of the server's is not compared. */
async function difference(request: FuzzRequest, who: Caller): Promise<{ status: number; found?: string }> {
  const onServer = await serverAnswer(request, who);
  const inBrowser = await browserAnswer(request, who);
  // A limit per registered address still answers 429 on the server; the browser has none.
  if (onServer.status === 429) {
    limitedPairs += 1;
    return onServer;
  }
  compared += 1;
  if (JSON.stringify(onServer) === JSON.stringify(inBrowser)) return onServer;
  return {
    status: onServer.status,
    found: `${request.method} ${request.url.slice(0, 300)} (${request.kind}) as ${who.name}:\n  server  ${JSON.stringify(onServer).slice(0, 800)}\n  browser ${JSON.stringify(inBrowser).slice(0, 800)}`,
  };
}

/**
 * The differences of one request sent as every caller: a write that got through sent twice (a double
 * click), a read also as HEAD (Fastify answers one for every GET).
 */
async function differences(operation: Operation, generated: FuzzRequest): Promise<string[]> {
  const found: string[] = [];
  const request = asFetchSends(generated);
  const variants =
    operation.method === 'GET' ? [request, { ...request, method: 'HEAD' }] : [request, request];
  for (const who of callers) {
    for (const [index, variant] of variants.entries()) {
      const answer = await difference(variant, who);
      if (answer.found) found.push(answer.found);
      if (operation.method !== 'GET' && (index > 0 || answer.status >= 300)) break;
    }
  }
  return found;
}

describe('the in-browser API answers as the server', () => {
  it('covers every operation of the document', () => {
    expect(operations.length).toBeGreaterThan(70);
  });

  // The B2C connector calls the server with its basic credentials; in the browser its routes answer 401.
  const ofBrowser = operations.filter((operation) => operation.access !== 'connector');
  it.each(ofBrowser.map((operation) => [`${operation.method} ${operation.path}`, operation] as const))(
    '%s',
    async (_name, operation) => {
      const found: string[] = [];
      for (const request of fc.sample(requestArbitrary(operation, data), { seed: SEED, numRuns: RUNS })) {
        found.push(...(await differences(operation, request)));
      }
      expect(found).toEqual([]);
    },
    120_000,
  );

  it('refuses the connector in the browser as the server refuses a wrong secret', async () => {
    const connector = operations.find((operation) => operation.access === 'connector');
    expect(connector).toBeDefined();
    const wrong = `Basic ${Buffer.from(`b2c:not-${TEST_CONNECTOR_SECRET}`).toString('base64')}`;
    const path = connector?.path ?? '';
    const onServer = await server.app.inject({
      method: connector?.method as 'POST',
      url: path,
      headers: { authorization: wrong, ...XSRF_HEADERS },
      payload: {},
    });
    const inBrowser = await browser.fetch(
      new Request(`http://portal.test${path}`, {
        method: connector?.method,
        headers: { authorization: wrong, 'content-type': 'application/json' },
        body: '{}',
      }),
    );
    expect(inBrowser.status).toBe(onServer.statusCode);
    expect(((await inBrowser.json()) as { code: string }).code).toBe(onServer.json().code);
  });
});
