// bench/scale: the API's list, figure, company page and search routes as the data grows. For each size (10k,
// 100k and 1M organisations, each with 10 test runs, 3 stage events and 20 audit rows, 10M audit rows at
// the top; bench/scale/seed.mjs), one caller sends each request `--requests` times after a warm-up and the
// script prints p50 and p95 (ms); with more than one size, the last size's p95 over the first's.
//
//   npm run build && node bench/scale/run.mjs [--sizes 10k,100k,1m] [--requests 30] [--only TEXT] [--smoke]
//
// PostgreSQL on BENCH_PG (default postgres://postgres@127.0.0.1:5432), a database per size
// (portal_scale_10k…), seeded once and kept (the 1M one takes a while the first time). --only runs the
// requests whose name contains TEXT. --smoke: whether the bench still runs, quickly: 1,000 organisations in
// a database of its own (dropped at the end), every request twice after one warm-up; a request that does
// not answer 2xx fails it, as in a full run.
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { XSRF_HEADERS } from '../../apps/api/dist/test/test-app.js';
import { startApi } from '../lib/api-process.mjs';
import { pgBase, scratchDatabase } from '../lib/scratch.mjs';
import { prepareScaleDatabase, STAFF } from './seed.mjs';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '10k,100k,1m' },
    requests: { type: 'string', default: '30' },
    warmup: { type: 'string', default: '3' },
    only: { type: 'string' },
    smoke: { type: 'boolean', default: false },
  },
});
const SMOKE = values.smoke;
/** @type {Record<string, number>} */
const SIZES = { '1k': 1_000, '10k': 10_000, '100k': 100_000, '1m': 1_000_000 };
const labels = SMOKE ? ['1k'] : values.sizes.split(',').map((label) => label.trim().toLowerCase());
for (const label of labels) if (!SIZES[label]) throw new Error(`unknown size ${label} (1k, 10k, 100k, 1m)`);
const REQUESTS = SMOKE ? 2 : Number(values.requests);
const WARMUP = SMOKE ? 1 : Number(values.warmup);
/** A request stops being repeated after this long (a slow route still gets a few samples). */
const MAX_SECONDS_PER_REQUEST = 30;

const REVIEWER = 'reviewer@portal.test';
const ADMIN = 'admin@portal.test';

/**
 * The requests, each [name, role, path]; `company` is a synthetic organisation's id and `number` its OBP
 * number. A name fragment ("elmar") matches a share of the rows, so its matches grow with the data (24 at
 * 10k, 2,400 at 1M); a company's number matches one row at every size. `page` is a demo company's OBP
 * number: the company page takes the portal's numbers (C and five digits), not the synthetic V ones; its
 * reads go by the company's id on their own indexes, through tables holding every company's rows.
 */
function requests({ company, number, page }) {
  const queues = ['legitimacy', 'contractual', 'financial'].flatMap((queue) => [
    [`${queue} queue: first page`, 'reviewer', `/api/review-queues/${queue}`],
    [`${queue} queue: page 250`, 'reviewer', `/api/review-queues/${queue}?page=250`],
    [`${queue} queue: search`, 'reviewer', `/api/review-queues/${queue}?search=elmar`],
    [`${queue} queue: search one`, 'reviewer', `/api/review-queues/${queue}?search=${number}`],
  ]);
  const columns = [
    'obpNumber',
    'legalName',
    'email',
    'stage',
    'lastRunAt',
    'passRateIte',
    'passRateIqe',
    'passRatePrd',
  ];
  const companies = columns.flatMap((column) => [
    [`metrics table: ${column}`, 'reviewer', `/api/metrics/companies?order=${column}`],
    [`metrics table: -${column}`, 'reviewer', `/api/metrics/companies?order=-${column}`],
  ]);
  return [
    ...queues,
    ['users: first page', 'admin', '/api/users'],
    ['users: search', 'admin', '/api/users?search=maes%2042'],
    ['audit: newest', 'admin', '/api/audit'],
    ['audit: by company', 'admin', `/api/audit?organisationId=${company}`],
    ['audit: by actor', 'admin', `/api/audit?actor=${encodeURIComponent(STAFF[1])}`],
    ['audit: by date', 'admin', '/api/audit?at.gte=2025-06-01T00:00:00Z&at.lt=2025-06-02T00:00:00Z'],
    ['company page', 'reviewer', `/api/companies/${page}`],
    ['company page: administrator', 'admin', `/api/companies/${page}`],
    ['search: name fragment', 'reviewer', '/api/search?q=elmar'],
    ['search: two letters', 'reviewer', '/api/search?q=El'],
    // A word of many names ("Medicines"): a sixth of the companies match it.
    ['search: common fragment', 'reviewer', '/api/search?q=med'],
    ['search: OBP number', 'reviewer', `/api/search?q=${number}`],
    ['search: person', 'reviewer', '/api/search?q=Maes%2042'],
    ['search: email', 'admin', `/api/search?q=spoc${Number(number.slice(1))}%40scale`],
    ['metrics figures', 'reviewer', '/api/metrics'],
    ['metrics table: search', 'reviewer', '/api/metrics/companies?search=elmar'],
    ['metrics table: search one', 'reviewer', `/api/metrics/companies?search=${number}`],
    ...companies,
  ].filter(([name]) => !values.only || name.includes(values.only));
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** Sends one request `count` times in a row (or until MAX_SECONDS_PER_REQUEST), returning the latencies. */
async function timed(url, token, count) {
  const latencies = [];
  const end = performance.now() + MAX_SECONDS_PER_REQUEST * 1000;
  while (latencies.length < count && (latencies.length < 3 || performance.now() < end)) {
    const started = performance.now();
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}`, ...XSRF_HEADERS } });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    latencies.push(performance.now() - started);
  }
  return latencies.sort((a, b) => a - b);
}

/** A synthetic company in the middle of the numbers (its audit rows are its own 10 or 20). */
async function sampleCompany(url, size) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const number = `V${String(Math.floor(size / 2)).padStart(7, '0')}`;
  const { rows } = await client.query('select id from organisations where obp_number = $1', [number]);
  // The demo company with the most audit rows: the fullest page the portal's numbers reach.
  const demo = await client.query(
    `select o.obp_number from organisations o where o.obp_number like 'C%'
      order by (select count(*) from audit_log a where a.organisation_id = o.id) desc, o.obp_number limit 1`,
  );
  await client.end();
  return { company: rows[0].id, number, page: demo.rows[0].obp_number };
}

const results = new Map();
for (const label of labels) {
  const size = SIZES[label];
  const url = await prepareScaleDatabase(
    pgBase,
    label,
    size,
    SMOKE ? await scratchDatabase('scale') : undefined,
  );
  const api = await startApi({ database: { databaseUrl: url, poolSize: 10 } });
  const tokens = {
    // A subject each: the API links a token's subject to the user of its email at their first sign-in, and
    // a subject linked to one user cannot sign in as another.
    reviewer: await api.sign({ roles: ['EmvoPortalInternal'], sub: 'bench-reviewer', emails: [REVIEWER] }),
    admin: await api.sign({ roles: ['EmvoPortalAdmin'], sub: 'bench-admin', emails: [ADMIN] }),
  };
  const sample = await sampleCompany(url, size);
  console.log(
    `\n${size.toLocaleString('en-US')} organisations (load average ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')})`,
  );
  console.log('request                              |   p50 ms   p95 ms');
  for (const [name, role, path] of requests(sample)) {
    await timed(`${api.origin}${path}`, tokens[role], WARMUP);
    const latencies = await timed(`${api.origin}${path}`, tokens[role], REQUESTS);
    const figure = { p50: percentile(latencies, 50), p95: percentile(latencies, 95) };
    results.set(`${label} ${name}`, figure);
    console.log(
      `${name.padEnd(36)} | ${figure.p50.toFixed(1).padStart(8)} ${figure.p95.toFixed(1).padStart(8)}`,
    );
  }
  await api.stop();
}

if (labels.length > 1) {
  const [first] = labels;
  const last = labels.at(-1);
  console.log(`\np95 at ${last} over p95 at ${first}`);
  for (const [name] of requests({ company: '', number: 'V0', page: '' })) {
    const small = results.get(`${first} ${name}`);
    const large = results.get(`${last} ${name}`);
    if (small && large)
      console.log(`${name.padEnd(36)} | ${(large.p95 / small.p95).toFixed(1).padStart(6)}×`);
  }
}
