// bench/soak: mixed traffic at a fixed rate on PostgreSQL for ten minutes: reviewers list the
// legitimacy queue, open checks and decide; companies read their application, save their draft, upload the
// copy of proof and submit. Prints the error rate (aim 0), p50 and p95 per operation and overall, and the
// API process's memory (RSS) at the start and the end of the last five minutes (aim: under 10 % growth).
//
//   npm run build && node bench/soak/run.mjs [--minutes 10] [--rate 20] [--companies 400] [--smoke]
//
// Database portal_soak on BENCH_PG (default postgres://postgres@127.0.0.1:5432), made afresh each run.
// --smoke: whether the bench still runs, quickly: 10 s at 10 operations/s with 5 companies, in a database
// and folder of their own (removed at the end); any error fails it.
import { mkdtempSync, readFileSync } from 'node:fs';
import { loadavg as systemLoad, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { loadConfig } from '../../apps/api/dist/config.js';
import { createFileStorage } from '../../apps/api/dist/node/configured-file-storage.js';
import { openDatabase } from '../../apps/api/dist/node/database.js';
import { migrate } from '../../apps/api/dist/node/migrate.js';
import { seedIfEmpty } from '../../apps/api/dist/seed/seed.js';
import { completeDraft, createCompany, TINY_PDF } from '../../apps/api/dist/test/onboarding-test-kit.js';
import { XSRF_HEADERS } from '../../apps/api/dist/test/test-app.js';
import { startApi } from '../lib/api-process.mjs';
import { pgBase, scratchDatabase, scratchDir } from '../lib/scratch.mjs';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    rate: { type: 'string', default: '20' },
    companies: { type: 'string', default: '400' },
    smoke: { type: 'boolean', default: false },
  },
});
const SMOKE = values.smoke;
const DURATION_MS = SMOKE ? 10_000 : Number(values.minutes) * 60_000;
const RATE = SMOKE ? 10 : Number(values.rate);
const COMPANIES = SMOKE ? 5 : Number(values.companies);
const REVIEWER = 'reviewer@portal.test';

const databaseUrl = SMOKE ? await scratchDatabase('soak') : `${pgBase}/portal_soak`;

async function freshDatabase() {
  const admin = new pg.Client({ connectionString: `${pgBase}/postgres` });
  await admin.connect();
  if (!SMOKE) {
    await admin.query('drop database if exists portal_soak with (force)');
    await admin.query('create database portal_soak');
  }
  await admin.end();
  const dataDir = SMOKE ? scratchDir('portal-soak-') : mkdtempSync(join(tmpdir(), 'portal-soak-'));
  const database = await openDatabase({ databaseUrl, poolSize: 4 });
  await migrate(database);
  // The demo's documents go where the API started below serves them from.
  await seedIfEmpty(database.db, createFileStorage(loadConfig({ DATA_DIR: dataDir }).storage));
  return { dataDir, database };
}

/** The API process's resident memory, in MB, from /proc (Linux). */
const rssOf = (pid) => {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
};

const { dataDir, database } = await freshDatabase();
const api = await startApi({
  database: { databaseUrl, poolSize: 10 },
  // The load comes from a few users at a rate no person reaches: the per-address and per-user limits are
  // for people, not for this measure.
  config: {
    DATA_DIR: dataDir,
    RATE_LIMIT_ANONYMOUS: '100000',
    RATE_LIMIT_USER_WRITES: '100000',
    RATE_LIMIT_USER_UPLOADS: '100000',
  },
});
const reviewerHeaders = {
  authorization: `Bearer ${await api.sign({ roles: ['EmvoPortalInternal'], emails: [REVIEWER] })}`,
  ...XSRF_HEADERS,
};
// Companies as the registration leaves them, each with its Initial Requester (the API tests' own helper,
// given the database and the API's token minter).
const companies = [];
for (let index = 0; index < COMPANIES; index += 1) {
  const { headers } = await createCompany({ db: database.db, sign: api.sign });
  companies.push({ index, headers, busy: false, saves: 0, uploaded: false, submitted: false, version: 0 });
}
await database.close();
const results = new Map(); // operation → { latencies, errors: Map<status, count> }
const record = (operation, latency, ok, status) => {
  const entry = results.get(operation) ?? { latencies: [], errors: new Map() };
  results.set(operation, entry);
  entry.latencies.push(latency);
  if (!ok) entry.errors.set(status, (entry.errors.get(status) ?? 0) + 1);
};

async function call(operation, caller, method, path, body) {
  const started = performance.now();
  const headers = { ...caller };
  let payload;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    payload = JSON.stringify(body);
    headers['content-type'] = 'application/json';
  }
  try {
    const response = await fetch(`${api.origin}${path}`, { method, headers, body: payload });
    const text = await response.text();
    record(operation, performance.now() - started, response.ok, response.status);
    if (!response.ok && process.env.SOAK_VERBOSE)
      console.error(operation, response.status, text.slice(0, 200));
    return response.ok ? JSON.parse(text || 'null') : undefined;
  } catch (error) {
    record(
      operation,
      performance.now() - started,
      false,
      /** @type {{ code?: string }} */ (error).code ?? 'network',
    );
    return undefined;
  }
}

/** Reviewer operations: list the queue, open a check, start and approve a submitted one. */
const openChecks = [];
const reviewer = {
  list: async () => {
    const page = 1 + Math.floor(Math.random() * 3);
    const answer = await call(
      'reviewer: list queue',
      reviewerHeaders,
      'GET',
      `/api/review-queues/legitimacy?page=${page}`,
    );
    for (const row of answer?.items ?? [])
      if (!openChecks.some((check) => check.id === row.id)) openChecks.push(row);
  },
  open: async () => {
    const check = openChecks[Math.floor(Math.random() * openChecks.length)];
    if (check) await call('reviewer: open check', reviewerHeaders, 'GET', `/api/checks/${check.id}`);
  },
  decide: async () => {
    const check = openChecks.shift();
    if (!check) return;
    const fresh = await call('reviewer: open check', reviewerHeaders, 'GET', `/api/checks/${check.id}`);
    if (!fresh || !['SUBMITTED', 'IN_REVIEW'].includes(fresh.check.status)) return;
    let version = fresh.check.version;
    if (fresh.check.status === 'SUBMITTED') {
      const started = await call(
        'reviewer: decide',
        reviewerHeaders,
        'POST',
        `/api/checks/${check.id}/decisions`,
        // A check a colleague holds is taken over, as the SPA's "take it over?" answered yes sends it.
        { action: 'START', version, takeOver: true },
      );
      if (!started) return;
      version = started.check.version;
    }
    await call('reviewer: decide', reviewerHeaders, 'POST', `/api/checks/${check.id}/decisions`, {
      action: 'APPROVE',
      version,
      takeOver: true,
    });
  },
};

/** Company operations, one at a time per company: read, save the draft, upload, submit once. */
const company = {
  read: async (c) => {
    const answer = await call('company: read', c.headers, 'GET', '/api/onboarding');
    if (answer) c.version = answer.organisation.version;
  },
  save: async (c) => {
    if (c.submitted) return company.read(c);
    const draft = completeDraft(c.version, {
      spoc: { ...completeDraft(0).spoc, phone: `+49 30 ${1_000_000 + c.saves}` },
    });
    const answer = await call('company: save', c.headers, 'PUT', '/api/onboarding/legitimacy', draft);
    if (answer) c.saves += 1;
    await company.read(c);
  },
  upload: async (c) => {
    if (c.submitted) return company.read(c);
    const form = new FormData();
    form.append('file', new Blob([TINY_PDF], { type: 'application/pdf' }), `proof-${c.index}.pdf`);
    if (await call('company: upload', c.headers, 'POST', '/api/onboarding/legitimacy/copy-of-proof', form))
      c.uploaded = true;
  },
  submit: async (c) => {
    if (c.submitted || !c.uploaded || c.saves === 0) return company.save(c);
    await company.read(c);
    if (
      await call('company: submit', c.headers, 'POST', '/api/onboarding/legitimacy/submit', {
        version: c.version,
      })
    )
      c.submitted = true;
  },
};

// The mix of one tick: weights of each operation.
/** @type {Array<[weight: number, run: (c?: any) => Promise<unknown>]>} */
const MIX = [
  [35, () => reviewer.list()],
  [10, () => reviewer.open()],
  [8, () => reviewer.decide()],
  [17, (c) => company.read(c)],
  [20, (c) => company.save(c)],
  [5, (c) => company.upload(c)],
  [5, (c) => company.submit(c)],
];
const TOTAL_WEIGHT = MIX.reduce((sum, [weight]) => sum + weight, 0);
const pick = () => {
  let roll = Math.random() * TOTAL_WEIGHT;
  for (const [weight, run] of MIX) {
    roll -= weight;
    if (roll < 0) return run;
  }
  return MIX[0][1];
};

async function tick() {
  const run = pick();
  if (run.length === 0) return run();
  const idle = companies.filter((c) => !c.busy);
  const c = idle[Math.floor(Math.random() * idle.length)];
  if (!c) return;
  c.busy = true;
  try {
    if (c.version === 0) await company.read(c);
    await run(c);
  } finally {
    c.busy = false;
  }
}

const loadavg = () =>
  systemLoad()
    .map((n) => n.toFixed(2))
    .join(' ');
console.log(
  `soak: ${DURATION_MS / 60_000} min at ${RATE} operations/s, ${COMPANIES} companies; load ${loadavg()}`,
);
const memory = [];
const startedAt = performance.now();
const inFlight = new Set();
// The API's memory every 5 s, until the traffic stops (the process is gone after).
const sampler = setInterval(() => {
  memory.push({ at: performance.now() - startedAt, rss: rssOf(api.pid) });
}, 5_000);
await new Promise((resolve) => {
  const timer = setInterval(() => {
    const elapsed = performance.now() - startedAt;
    if (elapsed >= DURATION_MS) {
      clearInterval(timer);
      clearInterval(sampler);
      resolve(undefined);
      return;
    }
    const operation = tick().catch((error) => record('harness', 0, false, error.message));
    inFlight.add(operation);
    operation.finally(() => inFlight.delete(operation));
  }, 1000 / RATE);
});
await Promise.all(inFlight);
memory.push({ at: performance.now() - startedAt, rss: rssOf(api.pid) });
await api.stop();

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
const fmt = (n) => (Number.isFinite(n) ? n.toFixed(1).padStart(8) : '     n/a');
console.log('operation              | requests   errors |    p50 ms    p95 ms');
const all = [];
let allErrors = 0;
for (const [operation, { latencies, errors }] of [...results].sort()) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const failed = [...errors.values()].reduce((sum, n) => sum + n, 0);
  all.push(...latencies);
  allErrors += failed;
  const detail = failed ? `  (${[...errors].map(([status, n]) => `${n}× ${status}`).join(', ')})` : '';
  console.log(
    `${operation.padEnd(22)} | ${String(latencies.length).padStart(8)} ${String(failed).padStart(8)} |${fmt(percentile(sorted, 50))}  ${fmt(percentile(sorted, 95))}${detail}`,
  );
}
all.sort((a, b) => a - b);
console.log(
  `${'all'.padEnd(22)} | ${String(all.length).padStart(8)} ${String(allErrors).padStart(8)} |${fmt(percentile(all, 50))}  ${fmt(percentile(all, 95))}`,
);
console.log(`error rate: ${((100 * allErrors) / Math.max(1, all.length)).toFixed(3)} % (aim 0)`);
if (SMOKE && (allErrors > 0 || all.length === 0)) process.exitCode = 1;
const half = DURATION_MS / 2;
const startOfLastHalf = memory.find((sample) => sample.at >= half) ?? memory[0];
const end = memory[memory.length - 1];
const growth = (100 * (end.rss - startOfLastHalf.rss)) / startOfLastHalf.rss;
console.log(
  `API memory (RSS): ${startOfLastHalf.rss.toFixed(1)} MB at ${(startOfLastHalf.at / 60_000).toFixed(1)} min, ${end.rss.toFixed(1)} MB at the end: ${growth >= 0 ? '+' : ''}${growth.toFixed(1)} % (aim < 10 %)`,
);
console.log(
  `submitted: ${companies.filter((c) => c.submitted).length} of ${COMPANIES} companies; load ${loadavg()}`,
);
