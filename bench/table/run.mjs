// bench/table: the shared DataTable in infinite-scroll mode over 100,000 generated rows, scrolled like a
// user down to row 10,000 in Debian's chromium. Prints the most row elements seen in the DOM at once (aim:
// at most 150) and the longest task while scrolling (PerformanceObserver 'longtask', aim: at most 50 ms).
// Prints figures: an aim missed does not fail it; a table that cannot be bundled, shown or scrolled does.
//
//   node bench/table/run.mjs [--rows 100000] [--target 10000] [--wheel 600] [--size medium|small|mini]
//                            [--page-size 0] [--smoke]
//
// --smoke: whether the bench still runs, quickly: 2,000 rows scrolled to row 300.
//
// --page-size N: the table starts with N rows and appends N more on each onLoadMore('down'), as a list
// loading its pages would (0: all rows at once).
// It builds nothing of the app: it bundles its own harness page (harness.tsx, which imports the table's
// source) with Vite's JS API into a temporary folder, serves that with node:http, and drives chromium with
// Playwright. The page scrolls with mouse-wheel steps of --wheel px, each followed by a frame.

import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '100000' },
    target: { type: 'string', default: '10000' },
    wheel: { type: 'string', default: '600' },
    size: { type: 'string', default: 'medium' },
    'page-size': { type: 'string', default: '0' },
    smoke: { type: 'boolean', default: false },
  },
});
const ROWS = values.smoke ? 2_000 : Number(values.rows);
const TARGET = values.smoke ? 300 : Number(values.target);
const WHEEL = Number(values.wheel);

const here = fileURLToPath(new URL('.', import.meta.url));
const outDir = mkdtempSync(join(tmpdir(), 'portal-table-bench-'));

const TYPES = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.map': 'application/json',
};

function serve(root) {
  const server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const file = normalize(join(root, path === '/' ? 'index.html' : path));
    if (!file.startsWith(root)) {
      response.writeHead(403).end();
      return;
    }
    try {
      const body = await readFile(file);
      response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const ms = (value) => `${value.toFixed(0)} ms`;

let server;
let browser;
try {
  console.log('bundling the harness (Vite, production mode)…');
  await build({
    root: here,
    configFile: false,
    logLevel: 'warn',
    mode: 'production',
    plugins: [react()],
    build: { outDir, emptyOutDir: true, sourcemap: false },
  });
  server = await serve(outDir);
  const { port } = server.address();
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const loadStart = Date.now();
  await page.goto(
    `http://127.0.0.1:${port}/?rows=${ROWS}&size=${values.size}&pageSize=${values['page-size']}`,
  );
  const box = page.getByRole('region', { name: 'Generated companies' });
  await box.waitFor();
  const loaded = await page.evaluate(() => ({ .../** @type {any} */ (window).bench }));
  console.log(
    `loaded ${ROWS.toLocaleString('en-US')} rows in ${ms(Date.now() - loadStart)} ` +
      `(longest task while loading, generating the rows included: ${ms(loaded.longestTask)}; loads asked for: ${loaded.loads.length})`,
  );
  const geometry = await box.evaluate((element) => ({
    clientHeight: element.clientHeight,
    scrollHeight: element.scrollHeight,
    head: element.querySelector('thead')?.getBoundingClientRect().height ?? 0,
    row: element.querySelector('tbody tr[aria-rowindex]')?.getBoundingClientRect().height ?? 0,
  }));
  console.log(
    `scroll box ${geometry.clientHeight} px high, content ${geometry.scrollHeight.toLocaleString('en-US')} px, ` +
      `header ${geometry.head} px, a row ${geometry.row} px`,
  );

  // Scroll like a user: the pointer over the table, wheel steps, one frame after each.
  await page.evaluate(() => /** @type {any} */ (window).bench.reset());
  const boxArea = await box.boundingBox();
  if (boxArea) await page.mouse.move(boxArea.x + boxArea.width / 2, boxArea.y + boxArea.height / 2);
  // Row TARGET is the first one under the sticky header once (TARGET - 1) rows are scrolled past.
  const targetTop = (TARGET - 1) * geometry.row;
  const scrollStart = Date.now();
  const pageClockStart = await page.evaluate(() => performance.now());
  let steps = 0;
  let top = 0;
  while (top < targetTop && steps < 100_000) {
    await page.mouse.wheel(0, Math.min(WHEEL, targetTop - top));
    top = await box.evaluate(
      (element) =>
        new Promise((resolve) =>
          requestAnimationFrame(() => requestAnimationFrame(() => resolve(element.scrollTop))),
        ),
    );
    steps += 1;
  }
  const scrollMs = Date.now() - scrollStart;
  // Let the last frames and observers report.
  await page.waitForTimeout(300);
  const seen = await page.evaluate(() => ({ .../** @type {any} */ (window).bench }));
  const visible = await box.evaluate((element) => {
    const boxTop = element.getBoundingClientRect().top + (element.querySelector('thead')?.offsetHeight ?? 0);
    const rows = [...element.querySelectorAll('tbody tr[aria-rowindex]')];
    const first = rows.find((row) => row.getBoundingClientRect().bottom > boxTop + 1);
    return { first: first ? Number(first.getAttribute('aria-rowindex')) - 1 : undefined, inDom: rows.length };
  });

  console.log('');
  console.log(
    `scrolled to row ${visible.first?.toLocaleString('en-US')} in ${steps} wheel steps of ${WHEEL} px (${ms(scrollMs)})`,
  );
  console.log(
    `most row elements in the DOM:  ${seen.mostRows} data rows, ${seen.mostTrs} <tr> in all (aim: ≤ 150)`,
  );
  console.log(
    `longest task while scrolling:  ${ms(seen.longestTask)} (${seen.longTasks} long tasks; aim: ≤ 50 ms)`,
  );
  for (const task of seen.tasks) {
    console.log(`  long task at ${ms(task.start - pageClockStart)} into the scroll: ${ms(task.duration)}`);
  }
  console.log(`rows in the DOM at the end:    ${visible.inDom}`);
  console.log(
    `loads asked for:               ${seen.loads.length} (${[...new Set(seen.loads)].join(', ') || 'none'})`,
  );
} catch (error) {
  console.log(`bench/table could not finish: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await browser?.close();
  server?.close();
  rmSync(outDir, { recursive: true, force: true });
}
