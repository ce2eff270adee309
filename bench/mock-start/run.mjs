// bench/mock-start: how long mock mode takes to show its first screen with data (the reviewer's landing,
// mock mode's default role), in Debian's chromium: in a fresh profile (mock mode's world starts in the
// browser), then on a reload of that page (the world is kept in the profile's IndexedDB). Measured on the
// built SPA served with WEB_MOCK=true and on `npm run dev:mock` (Vite), whose start, from the command to
// its first screen, is timed too.
//
//   npm run build && node bench/mock-start/run.mjs [--runs 3] [--only built,dev] [--smoke]
//
// --smoke: whether the bench still runs (the built SPA, one fresh start and one reload); the times never
// fail it.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { startPortalStack } from '../lib/portal-stack.mjs';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    only: { type: 'string' },
    smoke: { type: 'boolean', default: false },
  },
});
const RUNS = values.smoke ? 1 : Number(values.runs);
const ONLY = (values.smoke ? 'built' : (values.only ?? 'built,dev')).split(',');
const BUILT_PORT = 8524;
const DEV_PORT = 8534;

const median = (numbers) => [...numbers].sort((a, b) => a - b)[Math.floor((numbers.length - 1) / 2)];
const seconds = (ms) => `${(ms / 1000).toFixed(1).padStart(5)} s`;

/** Waits until the page shows a screen's heading with its data: no call in flight, nothing busy. */
async function firstScreen(page, inFlight) {
  await page.waitForURL((url) => url.pathname.startsWith('/emvo'), { timeout: 300_000 });
  await page.locator('#main h1').first().waitFor({ timeout: 300_000 });
  for (let calm = 0; calm < 2; ) {
    const busy = inFlight() > 0 || (await page.locator('[aria-busy="true"]').count()) > 0;
    calm = busy ? 0 : calm + 1;
    await page.waitForTimeout(busy ? 20 : 30);
  }
}

/** A fresh profile: its first screen from the page's opening, then a reload's. */
async function startOnce(base) {
  const profile = mkdtempSync(join(tmpdir(), 'mock-start-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    viewport: { width: 1366, height: 900 },
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    let calls = 0;
    // The screen's calls; the live stream (an event source, quiet in mock mode) never ends.
    const isCall = (request) =>
      new URL(request.url()).pathname.startsWith('/api/') && request.resourceType() !== 'eventsource';
    page.on('request', (request) => {
      if (isCall(request)) calls += 1;
    });
    const done = (request) => {
      if (isCall(request)) calls -= 1;
    };
    page.on('requestfinished', done);
    page.on('requestfailed', done);
    const inFlight = () => calls;
    // Where the time goes: when msw answers (start-mock.ts says so), and the first API answer.
    let steps = {};
    page.on('console', (message) => {
      if (message.text().startsWith('Mock mode: API calls are answered')) steps.msw ??= performance.now();
    });
    page.on('requestfinished', (request) => {
      // The first the world answers: msw answers its probe (/api/mock-mode) itself.
      if (isCall(request) && !request.url().includes('/api/mock-mode')) steps.call ??= performance.now();
    });
    const timeTo = (from) => {
      const { msw, call } = steps;
      steps = {};
      return `msw answers at ${seconds(msw - from)}, the first API answer at ${seconds(call - from)}`;
    };
    const openedAt = performance.now();
    await page.goto(base, { timeout: 300_000 });
    await firstScreen(page, inFlight);
    const fresh = performance.now() - openedAt;
    const freshSteps = timeTo(openedAt);
    calls = 0;
    const reloadedAt = performance.now();
    await page.reload({ timeout: 300_000 });
    await firstScreen(page, inFlight);
    const reload = performance.now() - reloadedAt;
    return { openedAt, fresh, reload, steps: `fresh: ${freshSteps}; reload: ${timeTo(reloadedAt)}` };
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

async function measure(name, base) {
  const runs = [];
  for (let run = 0; run < RUNS; run += 1) {
    const result = await startOnce(base);
    runs.push(result);
    console.log(
      `${name} run ${run + 1}: fresh profile ${seconds(result.fresh)}, reload ${seconds(result.reload)}`,
    );
    console.log(`  ${result.steps}`);
  }
  return {
    name,
    fresh: median(runs.map((run) => run.fresh)),
    reload: median(runs.map((run) => run.reload)),
  };
}

/** `npm run dev:mock` on its own port; resolves once Vite answers, with the time it took. */
async function startDevMock() {
  const started = performance.now();
  // The root's `npm run dev:mock` is this workspace script; called here directly, Vite gets its port.
  const args = ['run', 'dev:mock', '-w', '@portal/web', '--', '--port', String(DEV_PORT), '--strictPort'];
  const child = spawn('npm', args, {
    cwd: new URL('../..', import.meta.url),
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const stop = () => {
    try {
      // npm, Vite and its children: their process group.
      process.kill(-(child.pid ?? 0), 'SIGTERM');
    } catch {
      // already gone
    }
  };
  const base = `http://127.0.0.1:${DEV_PORT}`;
  for (let attempt = 0; attempt < 3000; attempt += 1) {
    try {
      if ((await fetch(base)).ok) return { base, stop, ready: performance.now() - started, started };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  stop();
  throw new Error('npm run dev:mock did not start');
}

const results = [];
if (ONLY.includes('built')) {
  const { base, stop } = await startPortalStack({
    name: 'mock-start',
    port: BUILT_PORT,
    env: { WEB_MOCK: 'true', LOCAL_IDP: 'false' },
  });
  try {
    results.push(await measure('built SPA (WEB_MOCK=true)', base));
  } finally {
    stop();
  }
}
if (ONLY.includes('dev')) {
  const dev = await startDevMock();
  try {
    // The command's first screen: its start, then a fresh profile's first screen (Vite transforms then).
    const first = await startOnce(dev.base);
    const command = first.openedAt - dev.started + first.fresh;
    console.log(
      `npm run dev:mock: answers after ${seconds(dev.ready)}, its first screen ${seconds(command)} after the command`,
    );
    results.push({ ...(await measure('npm run dev:mock', dev.base)), command });
  } finally {
    dev.stop();
  }
}

console.log(
  `\nMedians (load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores; aims: 8 s, 2 s, 60 s):`,
);
for (const { name, fresh, reload, command } of results) {
  console.log(
    `  ${name.padEnd(28)} fresh profile ${seconds(fresh)}, reload ${seconds(reload)}${command ? `, from the command ${seconds(command)}` : ''}`,
  );
}
