// The API as the benchmark calls it: its own process (so the load generator does not share its event
// loop), trusting the benchmark's signing key. Reads BENCH_DATABASE (JSON options) and BENCH_JWK.
import { createLocalJWKSet } from 'jose';
import { buildApp } from '../../apps/api/dist/app.js';
import { loadConfig } from '../../apps/api/dist/config.js';
import { openDatabase } from '../../apps/api/dist/db/database.js';

const config = loadConfig({
  LOG_LEVEL: 'silent',
  WEB_DIST: '/nonexistent',
  AUTH_ISSUER: 'bench',
  AUTH_API_AUDIENCE: 'portal-api',
});
const database = await openDatabase(JSON.parse(process.env.BENCH_DATABASE ?? '{}'));
const keySet = createLocalJWKSet({ keys: [JSON.parse(process.env.BENCH_JWK ?? '{}')] });
const app = await buildApp({ config, database, keySet, logger: false });
await app.listen({ host: '127.0.0.1', port: 0 });
process.send?.({ port: app.server.address().port });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
