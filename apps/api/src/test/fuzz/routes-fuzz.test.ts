import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { createFileStorage } from '../../node/configured-file-storage.js';
import { seedIfEmpty } from '../../seed/seed.js';
import { createTestApp, TEST_CONNECTOR_SECRET, testConfig } from '../test-app.js';
import { createTestDatabase } from '../test-database.js';
import { answerProblem, ResponseValidators } from './answer-checks.js';
import { type OpenApiDocument, type Operation, operationsOf, routePattern } from './openapi-operations.js';
import { type FuzzRequest, requestArbitrary } from './openapi-requests.js';
import { realDataOf } from './real-data.js';

/**
 * Requests generated from the API's own OpenAPI document, valid and not, against every
 * operation, each sent without a token and as each role. Never a 5xx; every 4xx in the one error shape
 * with a code the SPA's catalogue knows; every 2xx as its response schema says.
 *
 * Reproduce a failure with the seed it prints: FUZZ_SEED=<seed> npx vitest run src/test/fuzz/routes-fuzz.test.ts
 * (the whole file: earlier operations change the data later ones see). FUZZ_RUNS sets the runs per operation;
 * FUZZ_PATH with `-t '<operation>'` replays the one shrunk case fast-check printed for it; FUZZ_VERBOSE=1
 * prints every 4xx a signed-in caller got, to see how far generated requests get.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_114);
/**
 * Runs per operation, each sent as every caller: 88 operations × 32 runs × 4 callers ≈ 10,500 requests on
 * PGlite (test:unit), half that on PostgreSQL (test:db, DATABASE_URL): over 15,000 per CI run, in budget.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? (process.env.DATABASE_URL ? 16 : 32));

/** Operations that are not the API's to fuzz, by name, and why. */
const EXCLUDED: Record<string, string> = {};

interface Caller {
  name: string;
  authorization?: string;
}

// The demo's rows (companies at every stage, checks, files, tokens), so real ids reach the handlers. Seeded
// before the app is built: seedIfEmpty seeds only a database without users, and the test app may add one.
const dataDir = mkdtempSync(join(tmpdir(), 'api-fuzz-'));
const database = await createTestDatabase();
await seedIfEmpty(database.db, createFileStorage(testConfig({ DATA_DIR: dataDir }).storage));
// Built while the file is collected (top-level await), so each operation is a test named after it.
// The per-user write limits would turn most of the generated writes into 429s: they have their
// own test (plugins/user-rate-limits.test.ts).
const t = await createTestApp({
  database,
  config: { DATA_DIR: dataDir, RATE_LIMIT_USER_WRITES: '1000000', RATE_LIMIT_USER_UPLOADS: '1000000' },
});
const validators = new ResponseValidators();
let sent = 0;
/** Answers by status, and the operations that answered some caller 2xx: the figures printed at the end. */
const statuses = new Map<number, number>();
const through = new Set<string>();

const bearer = async (roles: string[], claims: Record<string, unknown> = {}) =>
  `Bearer ${await t.sign({ roles, ...claims })}`;
const basic = (secret: string) => `Basic ${Buffer.from(`b2c:${secret}`).toString('base64')}`;

/** A seeded user of the directory, which the API serves only (accounts/user-standing.ts). */
const seededUser = (email: string) =>
  t.db.selectFrom('users').select(['id', 'email']).where('email', '=', email).executeTakeFirstOrThrow();
const external = await seededUser('external@portal.test');
const admin = await seededUser('admin@portal.test');
const reviewer = await seededUser('reviewer@portal.test');
const roleCallers: Caller[] = [
  { name: 'no token' },
  {
    name: 'ADMIN',
    authorization: await bearer(['EmvoPortalAdmin'], { sub: 'fuzz-admin', emails: [admin.email] }),
  },
  {
    name: 'EMVO',
    authorization: await bearer(['EmvoPortalInternal'], { sub: 'fuzz-reviewer', emails: [reviewer.email] }),
  },
  // A company's user, linked by email at its first call (modules/users/sign-ins.ts).
  {
    name: 'EXTERNAL',
    authorization: await bearer(['EmvoPortalExternal'], { sub: 'fuzz-external', emails: [external.email] }),
  },
];
const connectorCallers: Caller[] = [
  { name: 'no credentials' },
  { name: 'the connector', authorization: basic(TEST_CONNECTOR_SECRET) },
  { name: 'a wrong connector secret', authorization: basic('wrong') },
  {
    name: 'ADMIN',
    authorization: await bearer(['EmvoPortalAdmin'], { sub: 'fuzz-admin', emails: [admin.email] }),
  },
];

const data = await realDataOf(t.db, new Set([external.id, admin.id, reviewer.id]));
const nameOf = (operation: Operation) => `${operation.method} ${operation.path}`;
const operations = operationsOf(t.app.swagger() as OpenApiDocument, t.app.declaredRoutes).filter(
  (operation) => !EXCLUDED[`${operation.method} ${operation.path}`],
);

afterAll(async () => {
  // The figure the issue asks for: how many requests this run sent, with the seed that reproduces them.
  console.log(
    `routes fuzz: ${sent} requests over ${operations.length} operations, seed ${SEED}, ${RUNS} runs each`,
  );
  const byStatus = [...statuses].sort(([a], [b]) => a - b);
  console.log(`routes fuzz: answers by status ${JSON.stringify(Object.fromEntries(byStatus))}`);
  const never = operations.map(nameOf).filter((name) => !through.has(name));
  console.log(`routes fuzz: ${through.size} operations answered some caller 2xx; never: ${never.join(', ')}`);
  await t.app.close();
});

async function send(operation: Operation, request: FuzzRequest, caller: Caller) {
  sent += 1;
  const answer = await t.app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers: { ...request.headers, ...(caller.authorization ? { authorization: caller.authorization } : {}) },
    ...(request.payload === undefined ? {} : { payload: request.payload }),
  });
  statuses.set(answer.statusCode, (statuses.get(answer.statusCode) ?? 0) + 1);
  if (answer.statusCode < 300) through.add(nameOf(operation));
  if (process.env.FUZZ_VERBOSE && answer.statusCode >= 400 && caller.name !== 'no token')
    console.log(
      operation.method,
      operation.path,
      request.kind,
      caller.name,
      answer.statusCode,
      answer.body.slice(0, 200),
    );
  const problem = answerProblem(operation, answer, validators);
  if (problem) throw new Error(`${operation.method} ${operation.path} as ${caller.name} answered ${problem}`);
  return answer.statusCode;
}

/**
 * The request as every caller; a write one of them got through is sent again by that caller, as a
 * double click does, so unique names, already-used tokens and decided checks get their answers too.
 */
async function sendAsEveryone(operation: Operation, request: FuzzRequest, callers: Caller[]) {
  for (const caller of callers) {
    const status = await send(operation, request, caller);
    if (status < 300 && operation.method !== 'GET') await send(operation, request, caller);
  }
}

describe('every operation of the OpenAPI document, fuzzed', () => {
  it('fuzzes every route the app declares', () => {
    const documented = new Set(
      operations.map((operation) => `${operation.method} ${routePattern(operation.path)}`),
    );
    const declared = t.app.declaredRoutes.flatMap((route) =>
      [route.method].flat().map((method) => `${method} ${route.url}`),
    );
    // Left out of the document, so not fuzzed: HEAD (Fastify's twin of each GET), the docs (@fastify/swagger-ui's
    // own pages, /api/docs) and the SPA's static files and fallback (node/web-plugin.ts, no API answers there).
    const missing = declared.filter(
      (name) => !documented.has(name) && !/^(HEAD|OPTIONS) /.test(name) && !/ \/api\/docs/.test(name),
    );
    expect(missing).toEqual([]);
    expect(operations.length).toBeGreaterThan(70);
  });

  // One test per operation, named after it, so `-t` picks one and a failure names its route.
  it.each(operations.map((operation) => [`${operation.method} ${operation.path}`, operation] as const))(
    '%s',
    async (_name, operation) => {
      const callers = operation.access === 'connector' ? connectorCallers : roleCallers;
      await fc.assert(
        fc.asyncProperty(requestArbitrary(operation, data), (request) =>
          sendAsEveryone(operation, request, callers),
        ),
        {
          seed: SEED,
          numRuns: RUNS,
          verbose: 1,
          ...(process.env.FUZZ_PATH ? { path: process.env.FUZZ_PATH } : {}),
        },
      );
    },
    120_000,
  );
});
