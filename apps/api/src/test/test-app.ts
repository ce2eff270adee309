import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AppOptions, buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import type { Database } from '../db/database-handle.js';
import { createTestDatabase } from './test-database.js';
import { createTestKeys, TEST_AUDIENCE, TEST_ISSUER, TEST_POLICY, type TestKeys } from './tokens.js';

export const TEST_CONNECTOR_SECRET = 'connector-secret-for-tests';

/**
 * The directory row behind tokens minted with the default subject and email (test/tokens.ts): an ACTIVE
 * internal user without roles of its own (the roles a test needs travel in its token, as in production).
 */
export const TEST_USER = {
  externalId: 'test-subject',
  email: 'test@portal.test',
  displayName: 'Test User',
  roles: [],
} as const;

/** TEST_USER's directory row, unless it is there already. */
export async function insertTestUser(db: Database['db']): Promise<void> {
  await db
    .insertInto('users')
    .values({ ...TEST_USER, roles: [], status: 'ACTIVE', createdBy: 'test', updatedBy: 'test' })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export const XSRF_HEADERS = { cookie: 'XSRF-TOKEN=test-xsrf-token', 'x-xsrf-token': 'test-xsrf-token' };

export const testConfig = (overrides: Record<string, string> = {}) =>
  loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    AUTH_ISSUER: TEST_ISSUER,
    AUTH_API_AUDIENCE: TEST_AUDIENCE,
    AUTH_LOGIN_POLICY: TEST_POLICY,
    AUTH_CONNECTOR_SECRET: TEST_CONNECTOR_SECRET,
    // One test user makes more writes a minute than a person: the per-user limits have their own test
    // (plugins/user-rate-limits.test.ts), which sets them low.
    RATE_LIMIT_USER_WRITES: '1000000',
    RATE_LIMIT_USER_UPLOADS: '1000000',
    // Files a test stores go to a scratch folder of its own, never into the repository's data/.
    DATA_DIR: mkdtempSync(join(tmpdir(), 'api-test-')),
    ...overrides,
  });

/** The whole API on a fresh database, with a token minter it trusts; call inject(), no port opened. */
export async function createTestApp(
  options: {
    database?: Database;
    config?: Record<string, string>;
    logger?: AppOptions['logger'];
    /** Another app's keys: a second instance that trusts the first one's tokens. */
    keys?: TestKeys;
  } = {},
) {
  const database = options.database ?? (await createTestDatabase());
  const keys = options.keys ?? (await createTestKeys());
  const config = testConfig(options.config);
  const app = await buildApp({ config, database, keySet: keys.keySet, logger: options.logger ?? false });
  await app.ready();
  // A token of the default subject signs in as TEST_USER, whose directory row is written with the first
  // such token (the API serves only users its directory knows): after a test's own seed, which
  // seeds only a database without users.
  let testUser: Promise<void> | undefined;
  const sign: TestKeys['sign'] = async (claims = {}, signOptions = {}) => {
    if ((claims.sub ?? TEST_USER.externalId) === TEST_USER.externalId) {
      testUser ??= insertTestUser(database.db);
      await testUser;
    }
    return keys.sign(claims, signOptions);
  };
  // The headers of a signed-in browser: its bearer token and the anti-forgery cookie and header pair.
  const bearer = async (...roleClaims: string[]) => ({
    authorization: `Bearer ${await sign({ roles: roleClaims })}`,
    ...XSRF_HEADERS,
  });
  return { app, config, database, db: database.db, sign, bearer, keys };
}
