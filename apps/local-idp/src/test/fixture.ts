import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Config, loadConfig } from '@portal/api/config';
import { createFileStorage } from '@portal/api/node/configured-file-storage';
import { type Database, openDatabase } from '@portal/api/node/database';
import { migrate } from '@portal/api/node/migrate';
import { seedIfEmpty } from '@portal/api/seed/seed';
import type { Clock } from '../expiring-map.js';
import { type StartedLocalIdp, startLocalIdp } from '../local-idp.js';
import { freePort } from './browser.js';

/** The SPA's origin in the tests: another port than the provider, as in the real set-up. */
export const SPA_ORIGIN = 'http://127.0.0.1:5173';

export async function testConfig(overrides: Record<string, string> = {}): Promise<Config> {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: SPA_ORIGIN,
    AUTH_INSTANCE: `http://127.0.0.1:${await freePort()}`,
    LOCAL_IDP: 'true',
    // The seed's documents go to a scratch folder, never into the repository's data/.
    DATA_DIR: mkdtempSync(join(tmpdir(), 'idp-test-')),
    ...overrides,
  });
}

/** The provider on a free port, over a seeded PGlite in memory; `now` is the clock of locks and codes. */
export async function startTestIdp(
  options: { now?: Clock } = {},
): Promise<{ config: Config; database: Database; idp: StartedLocalIdp }> {
  const config = await testConfig();
  const database = await openDatabase({ pgliteDir: 'memory://' });
  await migrate(database);
  await seedIfEmpty(database.db, createFileStorage(config.storage));
  const idp = await startLocalIdp({ config, db: database.db, ...options });
  return { config, database, idp };
}
