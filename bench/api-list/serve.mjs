// The API as the benchmark calls it: its own process (so the load generator does not share its event
// loop), trusting the benchmark's signing key. Reads BENCH_DATABASE (JSON options), BENCH_JWK and
// BENCH_CONFIG (environment variables on top of the defaults below, as JSON). Started by bench/lib/api-process.mjs.
import { createLocalJWKSet } from 'jose';
import { buildApp } from '../../apps/api/dist/app.js';
import { loadConfig } from '../../apps/api/dist/config.js';
import { openDatabase } from '../../apps/api/dist/node/database.js';

const config = loadConfig({
  LOG_LEVEL: 'silent',
  WEB_DIST: '/nonexistent',
  AUTH_ISSUER: 'bench',
  AUTH_API_AUDIENCE: 'portal-api',
  ...JSON.parse(process.env.BENCH_CONFIG ?? '{}'),
});
const database = await openDatabase(JSON.parse(process.env.BENCH_DATABASE ?? '{}'));
const keySet = createLocalJWKSet({ keys: [JSON.parse(process.env.BENCH_JWK ?? '{}')] });
const app = await buildApp({ config, database, keySet, logger: false });
await app.listen({ host: '127.0.0.1', port: 0 });
process.send?.({ port: /** @type {import('node:net').AddressInfo} */ (app.server.address()).port });
// The CPU time this process has used (user + system, µs): the bench reads it before and after a run and
// divides by the requests served, a figure that other work on the machine inflates far less than latency.
process.on('message', (message) => {
  if (message === 'cpu') {
    const { user, system } = process.cpuUsage();
    process.send?.({ cpuMicros: user + system });
  }
  // The V8 heap from inside (bench/events prints it beside the RSS read from /proc); live objects only
  // when the process runs with --expose-gc.
  if (message === 'memory') {
    globalThis.gc?.();
    const { rss, heapUsed, heapTotal, external } = process.memoryUsage();
    process.send?.({ memory: { rss, heapUsed, heapTotal, external } });
  }
});
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
