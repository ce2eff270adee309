// bench/api-list: five typical queries of the organisations list and two of the legitimacy review queue
// through the HTTP API (autocannon, 32 connections) and the same SQL straight to the database; prints
// p50, p95 and throughput for both (each the median of --runs runs), the API's own cost per request (API
// p50 minus SQL p50), its throughput against the SQL's (API req/s ÷ SQL q/s), and the API process's CPU
// time per request (user + system, over the run), which a busy machine inflates far less than latencies.
// On PostgreSQL it also loads bare-server.mjs (node:http and pg, the same SQL, nothing else): the ceiling
// of any Node API here, and how much of it the portal's API reaches.
//
//   npm run build && node bench/api-list/run.mjs [--only postgres|pglite] [--seconds 10] [--warmup 5] [--connections 32]
//     [--runs 3] [--cpu-prof DIR] [--smoke]
//
// --cpu-prof DIR runs the API under `node --cpu-prof` and leaves its profile in DIR (read it with
// profile-top.mjs). The machine's load average is printed before every run: other work on the machine
// shows there before it shows in the figures.
//
// PostgreSQL: database portal_bench on BENCH_PG (default postgres://postgres@127.0.0.1:5432), 1,000,000
// organisations and their checks. PGlite: data/bench-pglite, 100,000 organisations. Both are seeded once
// and kept; a database seeded before the volume seed wrote checks gets them added.
//
// --smoke: whether the bench still runs, quickly: 2,000 organisations in a PostgreSQL database of its own
// (with --only pglite, 1,000 in a PGlite folder of its own; either removed at the end); each query is asked
// once (it must answer 200), then loaded for half a second at 2 connections; it fails when a request does
// not answer 200.
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import pg from 'pg';
import { parseListRequest } from '../../apps/api/dist/http/list-request.js';
import { buildListQueries, EXACT_COUNT_LIMIT } from '../../apps/api/dist/list/list-sql.js';
import { organisationsQuery } from '../../apps/api/dist/modules/organisations/organisations-list.js';
import { reviewQueueQuery } from '../../apps/api/dist/modules/reviews/review-queue-list.js';
import { openDatabase } from '../../apps/api/dist/node/database.js';
import { migrate } from '../../apps/api/dist/node/migrate.js';
import { seedVolume, seedVolumeChecks } from '../../apps/api/dist/seed/volume-seed.js';
import { XSRF_HEADERS } from '../../apps/api/dist/test/test-app.js';
import { ORGANISATIONS_LIST, REVIEW_QUEUE_LIST } from '../../packages/contracts/dist/index.js';
import { startApi } from '../lib/api-process.mjs';
import { seedDemoIfEmpty } from '../lib/demo-seed.mjs';
import { pgBase, scratchDatabase, scratchDir } from '../lib/scratch.mjs';

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '32' },
    runs: { type: 'string', default: '3' },
    'cpu-prof': { type: 'string' },
    warmup: { type: 'string', default: '5' },
    smoke: { type: 'boolean', default: false },
  },
});
const SMOKE = values.smoke;
const SECONDS = SMOKE ? 0.5 : Number(values.seconds);
const CONNECTIONS = SMOKE ? 2 : Number(values.connections);
const RUNS = SMOKE ? 1 : Number(values.runs);
/** Seconds of load, not measured, before each query's runs (API and SQL alike). */
const WARMUP = SMOKE ? 0 : Number(values.warmup);
/** The connections of the load that warms up what all lists share. */
const WARM_ALL_CONNECTIONS = SMOKE ? CONNECTIONS : 32;
const POOL = 10;

/** The reviewer the benchmark signs in as: the volume seed assigns a quarter of the started checks to them. */
const REVIEWER = 'reviewer@portal.test';

/**
 * A list: its URL, its declaration and the base query its SQL starts from (as its route builds it).
 * @typedef {{
 *   path: string,
 *   resource: import('@portal/list-query').ListResource,
 *   base: (db: import('../../apps/api/dist/node/database.js').Database['db'], flags: QueueFlags) => any,
 * }} List
 * @typedef {{ assignedToMe: boolean, overdue: boolean }} QueueFlags
 */

/** @type {List} */
const ORGANISATIONS = {
  path: '/api/organisations',
  resource: ORGANISATIONS_LIST,
  base: (db) => organisationsQuery(db),
};
/** @type {List} */
const LEGITIMACY_QUEUE = {
  path: '/api/review-queues/legitimacy',
  resource: REVIEW_QUEUE_LIST,
  base: (db, flags) => reviewQueueQuery(db, 'LEGITIMACY', flags, { actor: REVIEWER, now: new Date() }),
};

/** @type {Array<[name: string, list: List, query: string]>} */
const QUERIES = [
  ['filter + sort + first page', ORGANISATIONS, 'stage=INFORMATION&address.country=BE&order=-createdAt'],
  ['free text', ORGANISATIONS, 'search=elmar'],
  ['deep page', ORGANISATIONS, 'order=legalName&page=500'],
  [
    'nested and/or',
    ORGANISATIONS,
    'or.stage=MAINTENANCE&or.and.mahCount.gte=11&or.and.address.country=FR&order=-submittedAt',
  ],
  ['the total', ORGANISATIONS, 'limit=1'],
  ['queue: default view', LEGITIMACY_QUEUE, ''],
  ['queue: mine + overdue', LEGITIMACY_QUEUE, 'assignedToMe=true&overdue=true'],
];

/** The query that warms up what all lists share before the first is measured: the quickest. */
const WARM_ALL = QUERIES.find(([name]) => name === 'the total') ?? QUERIES[0];

/** A query's list request and the queue flags the route takes off before the list language reads it. */
function listRequestOf(list, query) {
  const { assignedToMe, overdue, ...params } = Object.fromEntries(new URLSearchParams(query));
  const flags = { assignedToMe: assignedToMe === 'true', overdue: overdue === 'true' };
  return { flags, request: parseListRequest(params, list.resource) };
}

// A smoke run measures PostgreSQL only unless asked (--only pglite): PGlite's start is most of its time, and
// bench/browser-api and bench/upload run the API on PGlite.
const targetNames = values.only ? [values.only] : SMOKE ? ['postgres'] : ['postgres', 'pglite'];
const TARGETS = [];
if (targetNames.includes('postgres'))
  TARGETS.push({
    name: 'postgres',
    rows: SMOKE ? 2_000 : 1_000_000,
    options: {
      databaseUrl: SMOKE ? await scratchDatabase('api_list') : `${pgBase}/portal_bench`,
      poolSize: POOL,
    },
  });
if (targetNames.includes('pglite'))
  TARGETS.push({
    name: 'pglite',
    rows: SMOKE ? 1_000 : 100_000,
    options: {
      pgliteDir: SMOKE
        ? scratchDir('bench-pglite-')
        : new URL('../../data/bench-pglite', import.meta.url).pathname,
    },
  });

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const summary = (latencies, seconds) => {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), perSecond: latencies.length / seconds };
};

async function ensurePostgresDatabase(url) {
  const admin = new pg.Client({ connectionString: `${pgBase}/postgres` });
  await admin.connect();
  const name = new URL(url).pathname.slice(1);
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (exists.rowCount === 0) await admin.query(`create database ${name}`);
  await admin.end();
}

async function prepare(target) {
  if (target.name === 'postgres' && !SMOKE) await ensurePostgresDatabase(target.options.databaseUrl);
  const database = await openDatabase(target.options);
  await migrate(database);
  // The demo's documents go to a scratch folder: the bench reads lists, never files.
  await seedDemoIfEmpty(database.db);
  const counted = await database.db
    .selectFrom('organisations')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('obpNumber', 'like', 'V%')
    .executeTakeFirstOrThrow();
  const missing = target.rows - Number(counted.n);
  if (missing > 0) {
    const started = performance.now();
    await seedVolume(database.db, missing, (done) =>
      process.stderr.write(`\r  seeding ${target.name}: ${done}/${missing}`),
    );
    process.stderr.write(` (${((performance.now() - started) / 1000).toFixed(0)} s)\n`);
  }
  const withChecks = await database.db
    .selectFrom('checks')
    .innerJoin('organisations', 'organisations.id', 'checks.organisationId')
    .select('checks.id')
    .where('organisations.obpNumber', 'like', 'V%')
    .limit(1)
    .executeTakeFirst();
  if (!withChecks) {
    const started = performance.now();
    await seedVolumeChecks(database.db, (done) =>
      process.stderr.write(`\r  adding checks to ${target.name}: ${done}/${target.rows}`),
    );
    process.stderr.write(` (${((performance.now() - started) / 1000).toFixed(0)} s)\n`);
  }
  // A settled database: fresh rows have no planner statistics and no visibility map until autovacuum comes
  // round, so the first runs after a seed would read other plans (and heap pages an index-only scan skips)
  // than the later ones. Vacuumed and analysed once, two runs on the same data agree.
  if (target.name === 'postgres' && (missing > 0 || !withChecks || (await neverVacuumed(database)))) {
    const started = performance.now();
    process.stderr.write(`  vacuum analyze ${target.name}…`);
    await sql`vacuum analyze`.execute(database.db);
    process.stderr.write(` (${((performance.now() - started) / 1000).toFixed(0)} s)\n`);
  }
  return database;
}

/** Whether a table the lists read was never vacuumed (a database seeded before the bench vacuumed). */
async function neverVacuumed(database) {
  const { rows } = await sql`
    select 1 from pg_stat_user_tables
    where relname in ('organisations', 'checks') and coalesce(last_vacuum, last_autovacuum) is null
      or relname in ('organisations', 'checks') and coalesce(last_analyze, last_autoanalyze) is null
  `.execute(database.db);
  return rows.length > 0;
}

/** Starts the API in a child process (optionally profiled) and mints a reviewer's token it trusts. */
async function startReviewerApi(target) {
  const profiling = values['cpu-prof'];
  const api = await startApi({
    database: target.options,
    execArgv: profiling ? ['--cpu-prof', '--cpu-prof-dir', profiling] : [],
  });
  return { ...api, token: await api.sign({ roles: ['EmvoPortalInternal'], emails: [REVIEWER] }) };
}

/** A run of autocannon on one URL, with the API's CPU time per request (ms) over the run. */
async function viaApi(api, url, seconds = SECONDS, connections = CONNECTIONS) {
  const cpuBefore = await api.cpuMicros();
  const { latencies, failures } = await new Promise((resolve, reject) => {
    const latencies = [];
    let failures = 0;
    const instance = autocannon(
      // With the anti-forgery cookie a browser holds after its first answer (else the API would mint a
      // new one for every request, which no browser makes it do).
      {
        url,
        connections,
        duration: seconds,
        headers: api.token ? { authorization: `Bearer ${api.token}`, ...XSRF_HEADERS } : {},
      },
      (error) => (error ? reject(error) : resolve({ latencies, failures })),
    );
    instance.on('response', (_client, status, _bytes, responseTime) => {
      if (status === 200) latencies.push(responseTime);
      else failures += 1;
    });
  });
  const cpuMicros = (await api.cpuMicros()) - cpuBefore;
  const served = latencies.length + failures;
  return { ...summary(latencies, seconds), failures, cpu: cpuMicros / 1000 / served };
}

/**
 * The bare server (bare-server.mjs) on the compiled queries, each at `/q/<index>`: the ceiling of any Node
 * API on this machine with these queries. The same shape as startReviewerApi's answer, without a token.
 */
async function startBare(target, compiled) {
  const queries = Object.fromEntries(compiled.map((query, index) => [`/q/${index}`, query]));
  const child = fork(new URL('./bare-server.mjs', import.meta.url), {
    env: {
      ...process.env,
      BENCH_BARE: JSON.stringify({
        databaseUrl: target.options.databaseUrl,
        pool: POOL,
        cap: EXACT_COUNT_LIMIT,
        queries,
      }),
    },
  });
  const [{ port }] = await once(child, 'message');
  return {
    origin: `http://127.0.0.1:${port}`,
    cpuMicros: async () => {
      child.send('cpu');
      const [{ cpuMicros }] = await once(child, 'message');
      return cpuMicros;
    },
    stop: async () => {
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}

/**
 * The API's queries as runList runs them: the page and the capped count in parallel, then the planner's
 * estimate when the count reached its cap.
 */
async function viaSql(
  target,
  database,
  { items, count, estimate },
  seconds = SECONDS,
  callers = CONNECTIONS,
) {
  const pool =
    target.name === 'postgres'
      ? new pg.Pool({ connectionString: target.options.databaseUrl, max: POOL })
      : undefined;
  const run = pool
    ? (query) => pool.query(query.sql, [...query.parameters])
    : (query) => database.db.executeQuery(query);
  const latencies = [];
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: callers }, async () => {
      while (performance.now() < end) {
        const started = performance.now();
        const [, counted] = await Promise.all([run(items), run(count)]);
        if (Number(counted.rows[0]?.total ?? 0) > EXACT_COUNT_LIMIT) await run(estimate);
        latencies.push(performance.now() - started);
      }
    }),
  );
  await pool?.end();
  return summary(latencies, seconds);
}

/** The bare server's columns: its req/s, its share of the SQL's and the API's share of it; its CPU a request. */
const ceiling = (bare, api, direct) =>
  bare
    ? ` | ${fmt(bare.perSecond)}  ${((100 * bare.perSecond) / direct.perSecond).toFixed(0).padStart(6)} %  ${((100 * api.perSecond) / bare.perSecond).toFixed(0).padStart(6)} % | ${bare.cpu.toFixed(2).padStart(6)} ms`
    : '';
const fmt = (n) => (Number.isFinite(n) ? n.toFixed(1).padStart(7) : '    n/a');
const median = (numbers) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)] ?? NaN;
/** The median of each figure over the runs (a run's p50 with the median p50, and so on). */
const medianOf = (runs) => ({
  p50: median(runs.map((run) => run.p50)),
  p95: median(runs.map((run) => run.p95)),
  perSecond: median(runs.map((run) => run.perSecond)),
  cpu: median(runs.map((run) => run.cpu)),
  failures: runs.reduce((sum, run) => sum + (run.failures ?? 0), 0),
});
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
/** One request, which must answer 200: --smoke's check that a query works at all, however slow the machine. */
async function answersOnce(server, url) {
  const response = await fetch(url, {
    headers: server.token ? { authorization: `Bearer ${server.token}`, ...XSRF_HEADERS } : {},
  });
  const body = await response.text();
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${body.slice(0, 300)}`);
}

/** A warm-up load, unless there is none (--warmup 0, --smoke). */
const warmUp = async (load) => {
  if (WARMUP > 0) await load();
};
/** Runs a measure RUNS times, printing the machine's load (1, 5, 15 min) before each, and its medians. */
async function measured(label, measure) {
  const runs = [];
  for (let run = 1; run <= RUNS; run += 1) {
    console.log(`  ${label}, run ${run}/${RUNS}: load average ${load()}`);
    runs.push(await measure());
  }
  return medianOf(runs);
}

for (const target of TARGETS) {
  await (await prepare(target)).close(); // PGlite opens in one process at a time: the API's, then ours
  const api = await startReviewerApi(target);
  // First the code every list shares (HTTP, hooks, Kysely, pg, the serializers) is warmed up by the
  // quickest query at 32 connections: one query's warm-up of a few hundred slow requests left V8
  // optimising the shared code while the first queries were measured (their CPU per request a third
  // higher than once warm).
  const [, warmList, warmQuery] = WARM_ALL;
  await warmUp(() => viaApi(api, `${api.origin}${warmList.path}?${warmQuery}`, WARMUP, WARM_ALL_CONNECTIONS));
  if (SMOKE)
    for (const [, list, query] of QUERIES) await answersOnce(api, `${api.origin}${list.path}?${query}`);
  const http = [];
  for (const [name, list, query] of QUERIES) {
    const url = `${api.origin}${list.path}?${query}`;
    // Warm up first: a freshly started process spends its first seconds compiling and optimising (V8's
    // tiers), which inflated the first queries' figures to twice the later ones'.
    await warmUp(() => viaApi(api, url, WARMUP));
    http.push(await measured(`API ${name}`, () => viaApi(api, url)));
  }
  await api.stop();

  const database = await openDatabase(target.options);
  const compiledOf = ([, list, query]) => {
    const { flags, request } = listRequestOf(list, query);
    const queries = buildListQueries(list.base(database.db, flags), request, list.resource);
    return {
      items: queries.items.compile(),
      count: queries.count.compile(database.db),
      estimate: queries.estimate.compile(database.db),
    };
  };
  const compiled = QUERIES.map(compiledOf);
  // The ceiling: the same queries behind the least HTTP a Node server can have (PostgreSQL only: PGlite
  // runs in one process at a time).
  const bare = [];
  if (target.name === 'postgres') {
    const server = await startBare(target, compiled);
    const urlOf = (index) => `${server.origin}/q/${index}`;
    await warmUp(() => viaApi(server, urlOf(QUERIES.indexOf(WARM_ALL)), WARMUP, WARM_ALL_CONNECTIONS));
    if (SMOKE) for (const index of QUERIES.keys()) await answersOnce(server, urlOf(index));
    for (const [index, [name]] of QUERIES.entries()) {
      await warmUp(() => viaApi(server, urlOf(index), WARMUP));
      bare.push(await measured(`bare ${name}`, () => viaApi(server, urlOf(index))));
    }
    await server.stop();
  }
  await warmUp(() => viaSql(target, database, compiledOf(WARM_ALL), WARMUP, WARM_ALL_CONNECTIONS)); // as the API's
  const direct = [];
  for (const [index, [name]] of QUERIES.entries()) {
    const queries = compiled[index];
    await warmUp(() => viaSql(target, database, queries, WARMUP));
    direct.push(await measured(`SQL ${name}`, () => viaSql(target, database, queries)));
  }
  await database.close();

  console.log(
    `\n${target.name}: ${target.rows.toLocaleString('en-US')} organisations, ${SECONDS} s per run, medians of ${RUNS} runs, ${CONNECTIONS} connections, pool ${POOL}`,
  );
  console.log(
    'query                       | API p50    p95  req/s | SQL p50    p95    q/s | API−SQL p50 | API/SQL req/s | API CPU/req | bare req/s  bare/SQL  API/bare | bare CPU/req',
  );
  for (const [index, [name]] of QUERIES.entries()) {
    const viaHttp = http[index];
    const sqlOnly = direct[index];
    const ownCost = viaHttp.p50 - sqlOnly.p50;
    const throughput = (100 * viaHttp.perSecond) / sqlOnly.perSecond;
    console.log(
      `${name.padEnd(27)} |${fmt(viaHttp.p50)}${fmt(viaHttp.p95)}${fmt(viaHttp.perSecond)} |${fmt(sqlOnly.p50)}${fmt(sqlOnly.p95)}${fmt(sqlOnly.perSecond)} | ${fmt(ownCost)} ms |${throughput.toFixed(0).padStart(7)} %      | ${viaHttp.cpu.toFixed(2).padStart(6)} ms${ceiling(bare[index], viaHttp, sqlOnly)}${viaHttp.failures ? `  (${viaHttp.failures} failed)` : ''}`,
    );
  }
  // A smoke run fails where a full one prints: a query the API (or the bare server) answered other than 200.
  const broken = QUERIES.filter((_, index) => http[index].failures > 0 || bare[index]?.failures > 0);
  if (SMOKE && broken.length > 0)
    throw new Error(`${target.name}: answers other than 200 for ${broken.map(([name]) => name).join(', ')}`);
}
