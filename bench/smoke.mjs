// Every bench's smoke mode, one after the other: whether each still runs (its smallest sizes, for seconds,
// in a database or folder of its own), not what it measures. Fails when a bench fails, or when a bench left
// a database behind. Needs `npm run build` first, PostgreSQL on BENCH_PG (default
// postgres://postgres@127.0.0.1:5432, trust authentication) and Debian's chromium (/usr/bin/chromium).
//
//   npm run build && npm run bench:smoke [-- --only api-list,scale]
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { SMOKE_DATABASE_PREFIX, withAdmin } from './lib/scratch.mjs';

/** Each bench's command line in smoke mode. @type {Array<[name: string, args: string[]]>} */
const BENCHES = [
  ['api-list', ['bench/api-list/run.mjs', '--smoke']],
  ['scale', ['bench/scale/run.mjs', '--smoke']],
  ['metrics', ['bench/metrics/run.mjs', '--smoke']],
  ['soak', ['bench/soak/run.mjs', '--smoke']],
  ['events', ['bench/events/run.mjs', '--smoke']],
  ['upload', ['bench/upload/run.mjs', '--smoke']],
  ['bundle', ['bench/bundle/run.mjs']],
  ['table', ['bench/table/run.mjs', '--smoke']],
  ['browser-api', ['bench/browser-api/run.mjs', '--smoke']],
  ['screens', ['bench/screens/run.mjs', '--smoke']],
  ['lighthouse', ['bench/lighthouse/run.mjs', '--smoke']],
  ['sign-in', ['bench/sign-in/run.mjs', '--smoke']],
  ['mock-start', ['bench/mock-start/run.mjs', '--smoke']],
];

const { values } = parseArgs({ options: { only: { type: 'string' } } });
const only = values.only?.split(',');
const unknown = only?.filter((name) => !BENCHES.some(([bench]) => bench === name)) ?? [];
if (unknown.length > 0) throw new Error(`no bench ${unknown.join(', ')}`);

// This run's tag in its databases' names: what a bench leaves behind is found, and another run's is not.
const tag = `r${process.pid}${Date.now().toString(36)}`;
const root = new URL('..', import.meta.url);

/** @returns {Promise<number>} the bench's exit code (1 when a signal ended it) */
function run(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, BENCH_SMOKE_TAG: tag },
    });
    child.on('error', reject);
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

/** The databases this run's benches left behind (each bench drops its own when it ends). */
const leftBehind = () =>
  withAdmin(async (admin) => {
    const { rows } = await admin.query('select datname from pg_database where datname like $1', [
      `${SMOKE_DATABASE_PREFIX}${tag}_%`,
    ]);
    return rows.map((row) => String(row.datname));
  });

const results = [];
for (const [name, args] of BENCHES.filter(([bench]) => !only || only.includes(bench))) {
  console.log(`\n=== bench smoke: ${name} (node ${args.join(' ')})`);
  const started = performance.now();
  const code = await run(args);
  const left = await leftBehind();
  // Dropped here so the next bench and the next run start clean; still a failure of the bench.
  for (const database of left)
    await withAdmin((admin) => admin.query(`drop database if exists ${database} with (force)`));
  const seconds = (performance.now() - started) / 1000;
  const failure = code !== 0 ? `exit code ${code}` : left.length > 0 ? `left ${left.join(', ')}` : '';
  results.push({ name, seconds, failure });
  console.log(`=== ${name}: ${failure ? `FAILED (${failure})` : 'ok'} in ${seconds.toFixed(0)} s`);
}

console.log('\nbench smoke runs:');
for (const { name, seconds, failure } of results)
  console.log(
    `  ${name.padEnd(12)} ${failure ? `FAILED (${failure})` : 'ok'.padEnd(6)} ${seconds.toFixed(0).padStart(4)} s`,
  );
if (results.some(({ failure }) => failure)) process.exitCode = 1;
