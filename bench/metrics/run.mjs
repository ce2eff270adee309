// bench/metrics: GET /api/metrics on 100,000 organisations and 1,000,000 test runs in
// PostgreSQL, one caller; prints p50 and p95 (aim: p95 under 200 ms) and the gzip size of the metrics
// screen's lazy chunks (read from apps/web/dist; says so when the build predates the screen).
//
//   npm run build && node bench/metrics/run.mjs [--requests 200] [--smoke]
//
// PostgreSQL: database portal_metrics_bench on BENCH_PG (default postgres://postgres@127.0.0.1:5432), its
// own database, so no test's schema is touched; seeded once with generate_series and kept. The compiled API
// is read from apps/api/dist, or from BENCH_API_DIST (a tsc output of apps/api elsewhere). --smoke: whether
// the bench still runs, quickly: 1,000 organisations in a database of its own (dropped at the end), 5 requests.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT } from 'jose';
import pg from 'pg';
import { pgBase, scratchDatabase } from '../lib/scratch.mjs';

const { values } = parseArgs({
  options: { requests: { type: 'string', default: '200' }, smoke: { type: 'boolean', default: false } },
});
const SMOKE = values.smoke;
const REQUESTS = SMOKE ? 5 : Number(values.requests);
const ORGANISATIONS = SMOKE ? 1_000 : 100_000;
const RUNS_PER_ORGANISATION = 10; // 1,000,000 test runs

const apiDist = process.env.BENCH_API_DIST ?? fileURLToPath(new URL('../../apps/api/dist/', import.meta.url));
const load = (path) => import(pathToFileURL(join(apiDist, path)).href);
const { buildApp } = await load('app.js');
const { loadConfig } = await load('config.js');
const { openDatabase } = await load('node/database.js');
const { migrate } = await load('node/migrate.js');

const DATABASE_URL = SMOKE ? await scratchDatabase('metrics') : `${pgBase}/portal_metrics_bench`;

async function ensureDatabase() {
  const admin = new pg.Client({ connectionString: `${pgBase}/postgres` });
  await admin.connect();
  const exists = await admin.query("select 1 from pg_database where datname = 'portal_metrics_bench'");
  if (exists.rowCount === 0) await admin.query('create database portal_metrics_bench');
  await admin.end();
}

/** The volume, in SQL only (generate_series): organisations over every stage, their runs, tokens, moves. */
const SEED = [
  `insert into organisations (obp_number, legal_name, org_type, email, stage, created_at, created_by, updated_by)
   select 'M' || lpad(i::text, 7, '0'), 'Metrics Company ' || i, case when i % 3 = 0 then 'PD' else 'OPM' end,
          'info' || i || '@metrics.test',
          (array['REGISTERED','INFORMATION','APPROVALS','TECHNICAL_IQE','TECHNICAL_PRD','MAINTENANCE',
                 'SUSPENDED','WITHDRAWN'])[1 + i % 8],
          now() - (200 + i % 500) * interval '1 day', 'bench', 'bench'
     from generate_series(1, ${ORGANISATIONS}) as i`,
  // Ten runs per company over the last ~200 days, unique by company, environment, scenario and time.
  `insert into test_runs (organisation_id, environment, scenario, result, executed_at, source, created_by, updated_by)
   select o.id, (array['ITE','IQE','PRD'])[1 + g % 3], 'Scenario ' || (g % 5),
          case when (o.n * 7 + g * 3) % 10 < 7 then 'PASSED' else 'FAILED' end,
          now() - ((o.n * ${RUNS_PER_ORGANISATION} + g) * 17) * interval '1 second', 'CSV_IMPORT', 'bench', 'bench'
     from (select id, row_number() over (order by obp_number) as n from organisations where obp_number like 'M%') as o
     cross join generate_series(0, ${RUNS_PER_ORGANISATION - 1}) as g`,
  `insert into session_tokens (organisation_id, environment, status, requested_by, created_by, updated_by)
   select id, 'IQE', 'REQUESTED', 'bench', 'bench', 'bench'
     from organisations where obp_number like 'M%' and stage = 'TECHNICAL_IQE' and obp_number like '%7'`,
  `insert into stage_events (organisation_id, move, from_stage, to_stage, actor, role, at)
   select id, 'MOVE_TO_PRODUCTION', 'TECHNICAL_IQE', 'TECHNICAL_PRD', 'bench', 'EMVO',
          created_at + (30 + (hashtext(id::text) & 127)) * interval '1 day'
     from organisations where obp_number like 'M%' and stage in ('TECHNICAL_PRD', 'MAINTENANCE')`,
];

async function prepare() {
  if (!SMOKE) await ensureDatabase();
  const database = await openDatabase({ databaseUrl: DATABASE_URL, poolSize: 4 });
  await migrate(database);
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  const { rows } = await client.query(
    "select count(*)::int as n from organisations where obp_number like 'M%'",
  );
  if (rows[0].n < ORGANISATIONS) {
    const started = performance.now();
    process.stderr.write(
      `  seeding ${ORGANISATIONS.toLocaleString('en-US')} organisations and ${(ORGANISATIONS * RUNS_PER_ORGANISATION).toLocaleString('en-US')} test runs…`,
    );
    await client.query('begin');
    for (const statement of SEED) await client.query(statement);
    await client.query('commit');
    // The steady state autovacuum reaches: statistics, and the visibility map index-only scans need.
    await client.query('vacuum analyze');
    process.stderr.write(` ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
  }
  // The reviewer the bench's token names (subject `bench`): the API serves only the directory's users.
  await client.query(
    `insert into users (email, display_name, external_id, roles, status, created_by, updated_by)
     values ('reviewer@portal.test', 'Bench Reviewer', 'bench', '{EMVO}', 'ACTIVE', 'bench', 'bench')
     on conflict do nothing`,
  );
  const counts = await client.query(
    'select (select count(*) from organisations)::int as organisations, (select count(*) from test_runs)::int as runs',
  );
  await client.end();
  return { database, counts: counts.rows[0] };
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function measureApi(database) {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'bench', alg: 'RS256' };
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    AUTH_ISSUER: 'bench',
    AUTH_API_AUDIENCE: 'portal-api',
  });
  const app = await buildApp({ config, database, keySet: createLocalJWKSet({ keys: [jwk] }), logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const token = await new SignJWT({
    roles: ['EmvoPortalInternal'],
    emails: ['reviewer@portal.test'],
    acr: config.auth.loginPolicy,
  })
    .setProtectedHeader({ alg: 'RS256', kid: 'bench' })
    .setIssuer('bench')
    .setAudience('portal-api')
    .setSubject('bench')
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(privateKey);
  const url = `http://127.0.0.1:${app.server.address().port}/api/metrics`;
  const call = async () => {
    const started = performance.now();
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    const body = await response.json();
    if (response.status !== 200)
      throw new Error(`GET /api/metrics answered ${response.status}: ${JSON.stringify(body)}`);
    return { ms: performance.now() - started, body };
  };
  // Warm-up: connections, plans, caches.
  let sample;
  for (let i = 0; i < 10; i += 1) sample = (await call()).body;
  const latencies = [];
  for (let i = 0; i < REQUESTS; i += 1) latencies.push((await call()).ms);
  await app.close();
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p95: percentile(latencies, 95), sample };
}

/** The metrics screen's lazy chunks (the page and the charts with uPlot) that the entry does not load. */
function lazyChunkSize() {
  const dist = fileURLToPath(new URL('../../apps/web/dist/', import.meta.url));
  const manifestPath = join(dist, '.vite/manifest.json');
  if (!existsSync(manifestPath)) return 'apps/web/dist has no build: run npm run build first';
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const page = 'src/areas/emvo/metrics/metrics-page.tsx';
  const charts = 'src/areas/emvo/metrics/metrics-charts.tsx';
  if (!manifest[page] || !manifest[charts]) {
    const built = statSync(manifestPath).mtime.toISOString();
    return `apps/web/dist is stale (built ${built}, before the metrics screen): run npm run build first`;
  }
  const closure = (key, seen = new Set()) => {
    if (!manifest[key] || seen.has(key)) return seen;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) closure(imported, seen);
    return seen;
  };
  const entry = closure('index.html');
  const files = (keys) => {
    const out = new Set();
    for (const key of keys) {
      if (entry.has(key)) continue;
      out.add(manifest[key].file);
      for (const sheet of manifest[key].css ?? []) out.add(sheet);
    }
    return out;
  };
  const gzip = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
  const pageFiles = files(closure(page));
  const chartFiles = [...files(closure(charts))].filter((file) => !pageFiles.has(file));
  const pageBytes = [...pageFiles].reduce((sum, file) => sum + gzip(file), 0);
  const chartBytes = chartFiles.reduce((sum, file) => sum + gzip(file), 0);
  return [
    `screen chunk ${kb(pageBytes)} gzip (${[...pageFiles].join(', ')})`,
    `charts chunk with uPlot ${kb(chartBytes)} gzip (${chartFiles.join(', ')})`,
    `together ${kb(pageBytes + chartBytes)} gzip`,
  ].join('\n  ');
}

const { database, counts } = await prepare();
console.log(
  `PostgreSQL ${new URL(DATABASE_URL).pathname.slice(1)}: ${counts.organisations} organisations, ${counts.runs} test runs`,
);
const api = await measureApi(database);
await database.close();
console.log(
  `GET /api/metrics, one caller, ${REQUESTS} requests: p50 ${api.p50.toFixed(1)} ms, p95 ${api.p95.toFixed(1)} ms (aim: p95 < 200 ms)`,
);
console.log(
  `  sample: ${api.sample.openTokenRequests} open token requests, median ${api.sample.medianDaysToProduction} days to production over ${api.sample.productionMoves}, this week's IQE pass rate ${api.sample.iqePassRate.at(-1).rate} %`,
);
console.log(`Metrics screen's lazy chunks:\n  ${lazyChunkSize()}`);
