import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import type { Database } from '../db/database.js';
import { createTestDatabase } from './test-database.js';
import { createTestKeys, TEST_AUDIENCE, TEST_ISSUER, TEST_POLICY } from './tokens.js';

export const TEST_CONNECTOR_SECRET = 'connector-secret-for-tests';

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
    // Files a test stores go to a scratch folder of its own, never into the repository's data/.
    DATA_DIR: mkdtempSync(join(tmpdir(), 'api-test-')),
    ...overrides,
  });

/** The whole API on a fresh database, with a token minter it trusts; call inject(), no port opened. */
export async function createTestApp(options: { database?: Database; config?: Record<string, string> } = {}) {
  const database = options.database ?? (await createTestDatabase());
  const keys = await createTestKeys();
  const config = testConfig(options.config);
  const app = await buildApp({ config, database, keySet: keys.keySet, logger: false });
  await app.ready();
  // The headers of a signed-in browser: its bearer token and the anti-forgery cookie and header pair.
  const bearer = async (...roleClaims: string[]) => ({
    authorization: `Bearer ${await keys.sign({ roles: roleClaims })}`,
    ...XSRF_HEADERS,
  });
  return { app, config, database, db: database.db, sign: keys.sign, bearer };
}
