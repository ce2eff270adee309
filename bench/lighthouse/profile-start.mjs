// bench/lighthouse/profile-start.mjs: where the main thread's time goes while a role's first page starts,
// by source function. Lighthouse's traces carry no JS samples; this signs the role in as run.mjs does, then
// loads the page once more with a cold HTTP cache, the CPU slowed 4× (Lighthouse's mobile multiplier) and
// V8's sampling profiler on, and maps the samples through the build's source maps. It prints the busy
// stretches over --over ms (samples with no idle between them: what a long task holds) with their top
// functions by self time, then the top functions over the whole start.
//
//   npm run build && node bench/lighthouse/profile-start.mjs [--page company] [--over 50] [--top 12]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import sourceMap from 'source-map-js';
import { startPortalStack } from '../lib/portal-stack.mjs';
import { ROLE_PAGES, signIn } from '../lib/role-pages.mjs';

const { values } = parseArgs({
  options: {
    page: { type: 'string', default: 'company' },
    over: { type: 'string', default: '50' },
    top: { type: 'string', default: '12' },
  },
});
const { path, email } = ROLE_PAGES.find((page) => page.name === values.page) ?? {};
if (!path) throw new Error(`--page is one of ${ROLE_PAGES.map((page) => page.name).join(', ')}`);
const dist = fileURLToPath(new URL('../../apps/web/dist/', import.meta.url));
const PORT = 8485;

/** A source position for a script position, through the chunk's hidden source map (null: not ours). */
const consumers = new Map();
function originalOf(url, line, column) {
  const file = url.match(/\/(assets\/[^?]+\.js)$/)?.[1];
  if (!file || line < 0) return null;
  if (!consumers.has(file)) {
    try {
      consumers.set(
        file,
        new sourceMap.SourceMapConsumer(JSON.parse(readFileSync(join(dist, `${file}.map`), 'utf8'))),
      );
    } catch {
      consumers.set(file, null);
    }
  }
  const consumer = consumers.get(file);
  const position = consumer?.originalPositionFor({ line: line + 1, column });
  if (!position?.source) return null;
  const source = position.source.replace(/^(\.\.\/)+/, '').replace(/^.*node_modules\//, '');
  return { source: `${source}:${position.line}`, name: position.name };
}

function labelOf(node) {
  const { functionName, url, lineNumber, columnNumber } = node.callFrame;
  if (!url) return functionName || '(anonymous)';
  const original = originalOf(url, lineNumber, columnNumber);
  const name = functionName || original?.name || '(anonymous)';
  return original ? `${name}  ${original.source}` : `${name}  ${url.split('/').pop()}:${lineNumber + 1}`;
}

const { base, stop } = await startPortalStack({
  name: 'profile',
  port: PORT,
  env: { NODE_ENV: 'production' },
});
const context = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await context.newPage();
  await signIn(page, base, email);
  // One warm-up load (the session renewed through the provider), then the measured one, cold.
  await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
  await page.goto('about:blank');
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1000);
  const { profile } = await cdp.send('Profiler.stop');

  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const idle = (node) => ['(idle)', '(program)'].includes(node.callFrame.functionName) && !node.callFrame.url;
  // Busy stretches: consecutive samples in page work (not idle, not "(program)": the browser's own).
  const stretches = [];
  let current = null;
  let at = profile.startTime;
  const deltas = profile.timeDeltas ?? [];
  (profile.samples ?? []).forEach((id, index) => {
    const delta = deltas[index + 1] ?? 0;
    const node = byId.get(id);
    if (idle(node)) {
      current = null;
    } else {
      current ??= stretches[stretches.push({ start: at, micros: 0, self: new Map() }) - 1];
      current.micros += delta;
      const label = labelOf(node);
      current.self.set(label, (current.self.get(label) ?? 0) + delta);
    }
    at += delta;
  });
  const ms = (micros) => (micros / 1000).toFixed(1).padStart(6);
  const overall = new Map();
  for (const stretch of stretches)
    for (const [label, micros] of stretch.self) overall.set(label, (overall.get(label) ?? 0) + micros);
  const top = (map) => [...map].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top));
  console.log(
    `${values.page} ${path}, CPU 4× slower: busy stretches over ${values.over} ms (ms from the start)`,
  );
  for (const stretch of stretches.filter((s) => s.micros >= Number(values.over) * 1000)) {
    console.log(`\n${ms(stretch.start - profile.startTime)} ms: ${ms(stretch.micros)} ms busy`);
    for (const [label, micros] of top(stretch.self)) console.log(`  ${ms(micros)} ms  ${label}`);
  }
  console.log('\nThe whole start, self time by function:');
  for (const [label, micros] of top(overall)) console.log(`  ${ms(micros)} ms  ${label}`);
} finally {
  await context.close();
  stop();
}
