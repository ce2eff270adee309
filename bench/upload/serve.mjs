// The API as bench/upload calls it: its own process (so its memory is its own), an in-memory PGlite,
// files under BENCH_DATA_DIR or in the Azure account of BENCH_STORAGE, trusting the benchmark's key BENCH_JWK.
import { createLocalJWKSet } from 'jose';
import { buildApp } from '../../apps/api/dist/app.js';
import { loadConfig } from '../../apps/api/dist/config.js';
import { openDatabase } from '../../apps/api/dist/node/database.js';
import { migrate } from '../../apps/api/dist/node/migrate.js';

/** @import {} from '../../apps/api/dist/storage/storage-plugin.js' (the app's `fileStorage`) */

const config = loadConfig({
  LOG_LEVEL: 'silent',
  WEB_DIST: '/nonexistent',
  AUTH_ISSUER: 'bench',
  AUTH_API_AUDIENCE: 'portal-api',
  DATA_DIR: process.env.BENCH_DATA_DIR ?? '',
  STORAGE_CONNECTION_STRING: process.env.BENCH_STORAGE ?? '',
  // The benchmark uploads faster than a person: the per-user upload limit is not measured here.
  RATE_LIMIT_USER_WRITES: '1000000',
  RATE_LIMIT_USER_UPLOADS: '1000000',
});
const database = await openDatabase({ pgliteDir: 'memory://' });
await migrate(database);
// The administrator the benchmark's token names (subject `bench`): the API serves only directory users.
await database.db
  .insertInto('users')
  .values({
    email: 'bench@portal.test',
    displayName: 'Bench',
    externalId: 'bench',
    roles: ['ADMIN'],
    createdBy: 'bench',
    updatedBy: 'bench',
  })
  .execute();
const keySet = createLocalJWKSet({ keys: [JSON.parse(process.env.BENCH_JWK ?? '{}')] });
const app = await buildApp({ config, database, keySet, logger: false });
await app.listen({ host: '127.0.0.1', port: 0 });
process.send?.({
  port: /** @type {import('node:net').AddressInfo} */ (app.server.address()).port,
  store: app.fileStorage.store.kind,
});
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
// The benchmark samples the process's own view of its memory too (V8 heap, Buffers) besides /proc's RSS;
// with --live (node --expose-gc) after a full collection, so garbage not collected yet does not count.
process.on('message', (message) => {
  if (message !== 'memory') return;
  globalThis.gc?.();
  process.send?.({ memory: process.memoryUsage() }, () => undefined);
});
