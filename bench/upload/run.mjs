// bench/upload: uploads through the HTTP API are streamed, never buffered whole. 20 uploads of 20 MB each,
// 4 at a time, to the disk store and then to Azure Blob Storage (an Azurite this script starts); prints
// the API process's resident memory growth (its peak during the uploads over its VmRSS before them) and MB/s.
//
//   npm run build && node bench/upload/run.mjs [--count 20] [--mb 20] [--parallel 4] [--only disk|azure] [--live]
//     [--smoke]
//
// --smoke: whether the bench still runs, quickly: 2 uploads of 1 MB, 2 at a time, to each store.
import { fork } from 'node:child_process';
import { createHash, randomFillSync } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { startAzurite } from '../../apps/api/dist/test/azurite-process.js';
import { createBenchKeys } from '../lib/api-process.mjs';

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '20' },
    mb: { type: 'string', default: '20' },
    parallel: { type: 'string', default: '4' },
    only: { type: 'string' },
    live: { type: 'boolean', default: false },
    smoke: { type: 'boolean', default: false },
  },
});
const SMOKE = values.smoke;
const COUNT = SMOKE ? 2 : Number(values.count);
const SIZE = (SMOKE ? 1 : Number(values.mb)) * 1_000_000;
const PARALLEL = SMOKE ? 2 : Number(values.parallel);
const BUDGET_MB = 64;
const XSRF = 'bench-xsrf-token';
// --live: the API runs with --expose-gc and collects before each sample (slow), so the figures are the
// memory the uploads hold, without the garbage V8 has not collected yet.
const LIVE = values.live;
const SAMPLE_MS = LIVE ? 200 : 20;

/** A DOCUMENT upload (pdf, 25 MB limit): a real PDF header, then incompressible bytes. */
function pdfOfSize(size) {
  const pdf = randomFillSync(Buffer.alloc(size));
  pdf.write('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 0, 'latin1');
  pdf.write('\n%%EOF\n', size - 7, 'latin1');
  return pdf;
}

/** VmRSS and VmHWM of a process, in bytes (Linux /proc). */
async function memoryOf(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (field) =>
    Number(status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'))?.[1] ?? Number.NaN) * 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

/** Starts the API (serve.mjs) on the given store and mints an administrator's token it trusts. */
async function startApi(env) {
  const { jwk, sign } = await createBenchKeys();
  const child = fork(new URL('./serve.mjs', import.meta.url), {
    env: { ...process.env, ...env, BENCH_JWK: JSON.stringify(jwk) },
    execArgv: LIVE ? ['--expose-gc'] : [],
  });
  const [{ port, store }] = await once(child, 'message');
  const token = await sign({ roles: ['EmvoPortalAdmin'] });
  const stop = async () => {
    child.kill('SIGTERM');
    await once(child, 'exit');
  };
  /** process.memoryUsage() inside the API process. */
  const memoryUsage = async () => {
    const reply = new Promise((resolve) => {
      const onMessage = (message) => {
        if (message?.memory) {
          child.off('message', onMessage);
          resolve(message.memory);
        }
      };
      child.on('message', onMessage);
    });
    child.send('memory');
    return reply;
  };
  return { pid: child.pid, store, stop, memoryUsage, url: `http://127.0.0.1:${port}/api/files`, token };
}

async function upload(api, blob, name) {
  const form = new FormData();
  form.append('purpose', 'DOCUMENT');
  form.append('file', blob, name);
  const response = await fetch(api.url, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${api.token}`, cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF },
  });
  const body = await response.json();
  if (response.status !== 201) throw new Error(`upload ${name}: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

async function run(name, env) {
  const api = await startApi(env);
  try {
    // Warm up (modules loaded, pools and containers created), then measure from here.
    await upload(api, new Blob([pdfOfSize(100_000)]), 'warm-up.pdf');
    const before = await memoryOf(api.pid);
    // Resets VmHWM to the current RSS (Linux clear_refs "5"), so the peak is the uploads' own.
    const hwmReset = await writeFile(`/proc/${api.pid}/clear_refs`, '5').then(
      () => true,
      () => false,
    );
    let peak = before.rss;
    const inside = await api.memoryUsage();
    const insidePeak = { ...inside };
    // Samples one after the other (never overlapping) until the uploads are done.
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peak = Math.max(peak, (await memoryOf(api.pid).catch(() => before)).rss);
        const now = await api.memoryUsage();
        for (const key of Object.keys(insidePeak)) insidePeak[key] = Math.max(insidePeak[key], now[key]);
        await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
      }
    })();

    const pdf = pdfOfSize(SIZE);
    const blob = new Blob([pdf]);
    const sha256 = createHash('sha256').update(pdf).digest('hex');
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: PARALLEL }, async () => {
        while (next < COUNT) {
          const index = next++;
          const stored = await upload(api, blob, `bench-${index}.pdf`);
          if (stored.sha256 !== sha256 || stored.size !== SIZE)
            throw new Error(`upload ${index}: wrong bytes stored`);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    sampling = false;
    await sampler;
    const after = await memoryOf(api.pid);
    // VmHWM holds the peak between samples too, garbage included: not a --live figure.
    if (hwmReset && !LIVE) peak = Math.max(peak, after.hwm);
    return { name, store: api.store, seconds, before: before.rss, peak, hwmReset, inside, insidePeak };
  } finally {
    await api.stop();
  }
}

const mib = (bytes) => (bytes / 1024 / 1024).toFixed(1);
const results = [];
for (const target of ['disk', 'azure'].filter((name) => !values.only || name === values.only)) {
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-upload-'));
  const azurite = target === 'azure' ? await startAzurite() : undefined;
  try {
    results.push(
      await run(target, { BENCH_DATA_DIR: dataDir, BENCH_STORAGE: azurite?.connectionString ?? '' }),
    );
  } finally {
    await azurite?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

console.log(
  `\n${COUNT} uploads of ${SIZE / 1_000_000} MB (DOCUMENT, pdf), ${PARALLEL} at a time; API process memory (MiB)${LIVE ? ', sampled after a full GC (--live)' : ''}`,
);
console.log('store | seconds | MB/s  | RSS before | peak RSS | growth | budget');
for (const r of results) {
  const growth = r.peak - r.before;
  console.log(
    `${r.store.padEnd(5)} | ${r.seconds.toFixed(1).padStart(7)} | ${((COUNT * SIZE) / 1_000_000 / r.seconds).toFixed(0).padStart(5)} | ${mib(r.before).padStart(10)} | ${mib(r.peak).padStart(8)} | ${mib(growth).padStart(6)} | ${growth < BUDGET_MB * 1024 * 1024 ? `< ${BUDGET_MB}` : `OVER ${BUDGET_MB}`}${r.hwmReset && !LIVE ? '' : ` (peak sampled every ${SAMPLE_MS} ms)`}`,
  );
}

console.log('\nInside the API process (process.memoryUsage, MiB): before the uploads → peak during them');
for (const r of results) {
  const line = ['heapUsed', 'external', 'arrayBuffers']
    .map((key) => `${key} ${mib(r.inside[key])} → ${mib(r.insidePeak[key])}`)
    .join(', ');
  console.log(`${r.store.padEnd(5)} | ${line}`);
}
