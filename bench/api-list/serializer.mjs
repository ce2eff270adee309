// The cost of writing one list answer: the zod serializer (fastify-type-provider-zod: encode through zod,
// then JSON.stringify) against the serializer the API now compiles from the same schema (fast-json-stringify,
// http/response-serializer.ts), on the real answers of the bench's queries. CPU work in one process, so it
// is far steadier than the HTTP figures on a shared machine.
//
//   npm run build && node bench/api-list/serializer.mjs   (PostgreSQL portal_bench, seeded by run.mjs)
import { serializerCompiler } from 'fastify-type-provider-zod';
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { buildApp } from '../../apps/api/dist/app.js';
import { loadConfig } from '../../apps/api/dist/config.js';
import { responseSerializerCompiler } from '../../apps/api/dist/http/response-serializer.js';
import { openDatabase } from '../../apps/api/dist/node/database.js';

/** @import {} from '../../apps/api/dist/plugins/auth.js' (the app's `declaredRoutes`) */

const pgBase = (process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/$/, '');
const config = loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', AUTH_ISSUER: 'bench' });
const { privateKey, publicKey } = await generateKeyPair('RS256');
const keySet = createLocalJWKSet({ keys: [{ ...(await exportJWK(publicKey)), kid: 'b', alg: 'RS256' }] });
const database = await openDatabase({ databaseUrl: `${pgBase}/portal_bench` });
const app = await buildApp({ config, database, keySet, logger: false });
await app.ready();
const token = await new SignJWT({
  roles: ['EmvoPortalInternal'],
  emails: ['reviewer@portal.test'],
  acr: config.auth.loginPolicy,
})
  .setProtectedHeader({ alg: 'RS256', kid: 'b' })
  .setIssuer('bench')
  .setAudience(config.auth.audience)
  .setSubject('bench')
  .setIssuedAt()
  .setExpirationTime('1h')
  .sign(privateKey);

// name, route, query, and whether its schema declares dates (z.date(): Date objects in the handler's value)
/** @type {Array<[string, string, string, boolean]>} */
const QUERIES = [
  [
    'filter + sort + first page',
    '/api/organisations',
    'stage=INFORMATION&address.country=BE&order=-createdAt',
    true,
  ],
  ['deep page', '/api/organisations', 'order=legalName&page=500', true],
  ['queue: default view', '/api/review-queues/:queue', '', false],
];
const revive = (_key, value) =>
  typeof value === 'string' && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(value)
    ? new Date(value)
    : value;
const microsPer = (write, data) => {
  for (let i = 0; i < 500; i += 1) write(data);
  const started = performance.now();
  const times = 3000;
  for (let i = 0; i < times; i += 1) write(data);
  return ((performance.now() - started) * 1000) / times;
};

console.log('answer                      |  bytes | zod µs | compiled µs');
for (const [name, route, query, dates] of QUERIES) {
  const url = route.replace(':queue', 'legitimacy');
  const answer = await app.inject({ url: `${url}?${query}`, headers: { authorization: `Bearer ${token}` } });
  // The handler's value as the serializer receives it: dates as Date objects, as the database gives them.
  const data = dates ? JSON.parse(answer.body, revive) : JSON.parse(answer.body);
  // plugins/auth.ts keeps every route's options (for the authorization matrix), its schema among them.
  const declared = app.declaredRoutes.find((r) => r.method === 'GET' && r.url === route);
  if (!declared) throw new Error(`no route GET ${route}`);
  const schema = /** @type {any} */ (declared.schema).response[200];
  const viaZod = serializerCompiler({ schema, method: 'GET', url });
  const compiled = responseSerializerCompiler({ check: false })({ schema, method: 'GET', url });
  if (compiled(data) !== viaZod(data)) throw new Error(`${name}: the two serializers disagree`);
  console.log(
    `${name.padEnd(27)} | ${String(answer.body.length).padStart(6)} | ${microsPer(viaZod, data).toFixed(0).padStart(6)} | ${microsPer(compiled, data).toFixed(0).padStart(11)}`,
  );
}
await app.close();
