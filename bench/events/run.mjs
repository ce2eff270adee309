// bench/events: the live updates under load. 500 connected event streams (GET /api/events, each a
// reviewer of their own, so every stream receives every change: the most the API writes) and 50 changes a
// second (a reviewer starting the review of a submitted check through POST /api/checks/:id/decisions)
// against the API on PostgreSQL. Prints, per 10 s and overall, the delivery time of each change to each
// stream (p50, p95, max: from the decision's request, and from the change's own write, its `at`), the
// deliveries missing, and the API process's memory (RSS from /proc, V8 heap from inside).
// Aims: p95 ≤ 250 ms; no memory growth after the first minute.
//
//   npm run build && node bench/events/run.mjs [--streams 500] [--rate 50] [--seconds 120] [--smoke]
//
// Database portal_events on BENCH_PG (default postgres://postgres@127.0.0.1:5432), made afresh each run.
// --smoke: whether the bench still runs, quickly: 5 streams, 5 changes a second for 4 s, in a database of
// its own (dropped at the end); a failed decision or a delivery missing fails it.

import { readFileSync } from 'node:fs';
import http from 'node:http';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../../apps/api/dist/node/database.js';
import { migrate } from '../../apps/api/dist/node/migrate.js';
import { XSRF_HEADERS } from '../../apps/api/dist/test/test-app.js';
import { startApi } from '../lib/api-process.mjs';
import { pgBase, scratchDatabase, scratchDir } from '../lib/scratch.mjs';

const { values } = parseArgs({
  options: {
    streams: { type: 'string', default: '500' },
    rate: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '120' },
    smoke: { type: 'boolean', default: false },
  },
});
const SMOKE = values.smoke;
const STREAMS = SMOKE ? 5 : Number(values.streams);
const RATE = SMOKE ? 5 : Number(values.rate);
const DURATION_MS = (SMOKE ? 4 : Number(values.seconds)) * 1000;
const WINDOW_MS = 10_000;
// Every change needs a check of its own to start: the run's, and a margin for the open model's catch-up.
const CHECKS = Math.ceil((RATE * DURATION_MS) / 1000) + (SMOKE ? 50 : 1000);

const databaseUrl = SMOKE ? await scratchDatabase('events') : `${pgBase}/portal_events`;

async function freshDatabase() {
  const admin = new pg.Client({ connectionString: `${pgBase}/postgres` });
  await admin.connect();
  if (!SMOKE) {
    await admin.query('drop database if exists portal_events with (force)');
    await admin.query('create database portal_events');
  }
  await admin.end();
  const database = await openDatabase({ databaseUrl, poolSize: 2 });
  await migrate(database);
  // The reviewers (each stream's, and the one who decides) and the submitted checks, in three statements.
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(
    `insert into users (email, display_name, external_id, roles, status, created_by, updated_by)
     select 'reviewer-' || n || '@bench.test', 'Reviewer ' || n, 'bench-reviewer-' || n, '{EMVO}', 'ACTIVE',
            'bench', 'bench'
     from generate_series(0, $1) n`,
    [STREAMS],
  );
  await client.query(
    `insert into organisations (obp_number, legal_name, org_type, country, stage, legitimacy_status,
                                submitted_at, created_by, updated_by)
     select 'C' || lpad(n::text, 5, '0'), 'Bench company ' || n, 'OPM', 'BE', 'INFORMATION', 'SUBMITTED',
            now(), 'bench', 'bench'
     from generate_series(1, $1) n`,
    [CHECKS],
  );
  await client.query(
    `insert into checks (organisation_id, type, status, attempt, submitted_at, sla_due_at, created_by, updated_by)
     select id, 'LEGITIMACY', 'SUBMITTED', 1, now(), now() + interval '21 days', 'bench', 'bench'
     from organisations`,
  );
  const { rows } = await client.query('select id from checks order by id');
  await client.end();
  await database.close();
  return rows.map((row) => row.id);
}

/** The API process's resident memory, in MB, from /proc (Linux). */
const rssOf = (pid) => {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
};

/** Delivery times in whole milliseconds, counted per millisecond: percentiles without keeping every sample. */
class Histogram {
  counts = new Uint32Array(60_001);
  total = 0;
  max = 0;
  add(ms) {
    const bucket = Math.min(60_000, Math.max(0, Math.round(ms)));
    this.counts[bucket] += 1;
    this.total += 1;
    if (ms > this.max) this.max = ms;
  }
  percentile(p) {
    if (this.total === 0) return Number.NaN;
    const rank = Math.ceil((p / 100) * this.total);
    let seen = 0;
    for (let ms = 0; ms < this.counts.length; ms += 1) {
      seen += this.counts[ms];
      if (seen >= rank) return ms;
    }
    return this.counts.length - 1;
  }
}

const checks = await freshDatabase();
const dataDir = scratchDir('portal-events-');
const api = await startApi({
  database: { databaseUrl, poolSize: 10 },
  // The heap printed is what is live: collected before each sample (every 10 s), not what awaits collection.
  execArgv: ['--expose-gc'],
  // The load comes from one machine at rates no person reaches: the per-address and per-user limits are
  // for people, not for this measure.
  config: {
    DATA_DIR: dataDir,
    RATE_LIMIT_ANONYMOUS: '100000',
    RATE_LIMIT_USER_WRITES: '100000',
  },
});
const origin = new URL(api.origin);
const headersOf = async (n) => ({
  authorization: `Bearer ${await api.sign({ roles: ['EmvoPortalInternal'], sub: `bench-reviewer-${n}`, emails: [`reviewer-${n}@bench.test`] })}`,
  ...XSRF_HEADERS,
});
const writer = await headersOf(STREAMS);

/** One HTTP request over its own connection (the streams hold theirs open). */
const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
function request(method, path, headers, body) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        host: origin.hostname,
        port: origin.port,
        method,
        path,
        agent,
        headers: { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode, text }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

// What each change was sent at, by its check; filled as decisions go out, read as events come in.
const sentAt = new Map();
// Per change and stream: from the decision's request, and from the change's write (its `at`); per change:
// the decision's own answer time, which the first includes.
const histograms = () => ({
  fromRequest: new Histogram(),
  fromWrite: new Histogram(),
  answer: new Histogram(),
});
const current = { ...histograms(), changes: 0, failed: 0 };
const overall = { ...histograms(), changes: 0, failed: 0 };
let readyStreams = 0;
let endedStreams = 0;

/** Reads one stream: its messages split on blank lines; a change's check id and `at` found without JSON.parse. */
function onChunk(state, chunk) {
  state.buffer += chunk;
  let end = state.buffer.indexOf('\n\n');
  while (end >= 0) {
    const message = state.buffer.slice(0, end);
    state.buffer = state.buffer.slice(end + 2);
    end = state.buffer.indexOf('\n\n');
    if (message.includes('event: ready')) {
      readyStreams += 1;
      continue;
    }
    if (!message.includes('event: change')) continue;
    const now = performance.now();
    const wall = Date.now();
    const entityAt = message.indexOf('"entityId":"') + 12;
    const checkId = message.slice(entityAt, entityAt + 36);
    const atAt = message.indexOf('"at":"') + 6;
    const writtenAt = Date.parse(message.slice(atAt, message.indexOf('"', atAt)));
    const sent = sentAt.get(checkId);
    if (sent === undefined) continue;
    for (const histograms of [current, overall]) {
      histograms.fromRequest.add(now - sent);
      histograms.fromWrite.add(wall - writtenAt);
    }
  }
}

async function openStream(n) {
  const ticket = await request('POST', '/api/events/tickets', await headersOf(n));
  if (ticket.status !== 201) throw new Error(`ticket ${n}: ${ticket.status} ${ticket.text}`);
  const { ticket: value } = JSON.parse(ticket.text);
  return new Promise((resolve, reject) => {
    const req = http.get(
      {
        host: origin.hostname,
        port: origin.port,
        path: `/api/events?ticket=${encodeURIComponent(value)}`,
        headers: { accept: 'text/event-stream' },
        agent: false,
      },
      (res) => {
        if (res.statusCode !== 200) {
          reject(new Error(`stream ${n}: ${res.statusCode}`));
          return;
        }
        const state = { buffer: '' };
        res.setEncoding('utf8');
        res.on('data', (chunk) => onChunk(state, chunk));
        res.on('end', () => {
          endedStreams += 1;
        });
        resolve(req);
      },
    );
    req.on('error', reject);
  });
}

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
console.log(
  `events: ${STREAMS} streams, ${RATE} changes/s for ${DURATION_MS / 1000} s on PostgreSQL; load ${load()}`,
);
const streams = [];
for (let n = 0; n < STREAMS; n += 1) streams.push(await openStream(n));
while (readyStreams < STREAMS) await new Promise((resolve) => setTimeout(resolve, 50));
console.log(`events: ${STREAMS} streams open and ready`);

const pad = (value, width) => String(value).padStart(width);
const mb = (bytes) => (bytes / 1_048_576).toFixed(1);
console.log(
  `${pad('t (s)', 6)} ${pad('changes', 8)} ${pad('deliveries', 11)} ${pad('p50', 6)} ${pad('p95', 6)} ${pad('max', 6)}   ${pad('p50 w', 6)} ${pad('p95 w', 6)}   ${pad('answer p95', 10)}   ${pad('RSS MB', 7)} ${pad('heap MB', 8)} ${pad('API CPU', 8)}`,
);
const samples = [];
let lastCpu = { micros: await api.cpuMicros(), at: performance.now() };
async function report(elapsedMs) {
  const cpu = { micros: await api.cpuMicros(), at: performance.now() };
  // The API process's CPU time over the window, as a share of one core.
  const cpuShare = ((cpu.micros - lastCpu.micros) / 1000 / (cpu.at - lastCpu.at)) * 100;
  lastCpu = cpu;
  const usage = await api.memory();
  const rss = rssOf(api.pid);
  samples.push({ at: elapsedMs, rss, heap: usage.heapUsed / 1_048_576 });
  console.log(
    `${pad((elapsedMs / 1000).toFixed(0), 6)} ${pad(current.changes, 8)} ${pad(current.fromRequest.total, 11)} ${pad(current.fromRequest.percentile(50), 6)} ${pad(current.fromRequest.percentile(95), 6)} ${pad(current.fromRequest.max.toFixed(0), 6)}   ${pad(current.fromWrite.percentile(50), 6)} ${pad(current.fromWrite.percentile(95), 6)}   ${pad(current.answer.percentile(95), 10)}   ${pad(rss.toFixed(1), 7)} ${pad(mb(usage.heapUsed), 8)} ${pad(`${cpuShare.toFixed(0)} %`, 8)}`,
  );
  Object.assign(current, histograms());
  current.changes = 0;
}

let next = 0;
const startedAt = performance.now();
await report(0);
const inFlight = new Set();
await new Promise((resolve) => {
  let reported = 0;
  const timer = setInterval(() => {
    const elapsed = performance.now() - startedAt;
    if (elapsed >= (reported + 1) * WINDOW_MS) {
      reported += 1;
      void report(elapsed);
    }
    if (elapsed >= DURATION_MS) {
      clearInterval(timer);
      resolve(undefined);
      return;
    }
    // An open model: the changes due by now go out whether or not the earlier ones are answered.
    const due = Math.floor((elapsed / 1000) * RATE);
    while (next < due && next < checks.length) {
      const checkId = checks[next];
      next += 1;
      sentAt.set(checkId, performance.now());
      const sent = performance.now();
      const decision = request('POST', `/api/checks/${checkId}/decisions`, writer, {
        action: 'START',
        version: 1,
      })
        .then((answer) => {
          current.changes += 1;
          overall.changes += 1;
          current.answer.add(performance.now() - sent);
          overall.answer.add(performance.now() - sent);
          if (answer.status !== 200) {
            overall.failed += 1;
            if (process.env.EVENTS_VERBOSE) console.error(answer.status, answer.text.slice(0, 200));
          }
        })
        .catch(() => {
          overall.failed += 1;
        });
      inFlight.add(decision);
      void decision.finally(() => inFlight.delete(decision));
    }
  }, 5);
});
await Promise.all(inFlight);
// The last changes' deliveries: a second for the streams to hear them.
await new Promise((resolve) => setTimeout(resolve, 1000));

const expected = (overall.changes - overall.failed) * STREAMS;
const missing = expected - overall.fromRequest.total;
console.log(
  `events: ${overall.changes} changes (${overall.failed} failed), ${overall.fromRequest.total} deliveries of ${expected} expected (${missing} missing), ${endedStreams} streams ended early`,
);
console.log(
  `events: delivery from the request p50 ${overall.fromRequest.percentile(50)} ms, p95 ${overall.fromRequest.percentile(95)} ms, max ${overall.fromRequest.max.toFixed(0)} ms; from the write p50 ${overall.fromWrite.percentile(50)} ms, p95 ${overall.fromWrite.percentile(95)} ms (aim p95 ≤ 250 ms); the decisions' answers p50 ${overall.answer.percentile(50)} ms, p95 ${overall.answer.percentile(95)} ms`,
);
const afterMinute = samples.find((sample) => sample.at >= 60_000);
const last = samples[samples.length - 1];
if (afterMinute && last && last !== afterMinute) {
  console.log(
    `events: memory after the first minute ${afterMinute.rss.toFixed(1)} MB RSS / ${afterMinute.heap.toFixed(1)} MB heap, at the end ${last.rss.toFixed(1)} / ${last.heap.toFixed(1)} MB (${(((last.rss - afterMinute.rss) / afterMinute.rss) * 100).toFixed(1)} % RSS growth; aim none)`,
  );
}
console.log(`events: load ${load()}`);
if (SMOKE && (overall.changes === 0 || overall.failed > 0 || missing !== 0)) process.exitCode = 1;
for (const stream of streams) stream.destroy();
agent.destroy();
await api.stop();
