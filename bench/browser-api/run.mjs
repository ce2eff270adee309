// bench/browser-api: mock mode's world, the API's own code in the browser. Builds ./index.html
// with Vite as the SPA builds mock mode (apps/web vite.config.ts: Node's built-ins from their browser
// ports), serves it and opens it in Debian's chromium `--runs` times in one browser context: the first run
// creates the world in IndexedDB (PGlite's start, the API's migrations, the demo seed), the later ones
// reopen it. Prints the download size, then per run the world's start and calls through it as each role.
//
//   npm run build && node bench/browser-api/run.mjs [--runs 3] [--smoke]
//
// A call answered other than the API would (201, then the name's 409, then 200s) fails it. --smoke: one run.
import { readdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { build } from 'vite';
import { scratchDir } from '../lib/scratch.mjs';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '3' }, smoke: { type: 'boolean', default: false } },
});
const RUNS = values.smoke ? 1 : Number(values.runs);
const root = new URL('.', import.meta.url).pathname;
const repo = new URL('../../', import.meta.url).pathname;
const outDir = scratchDir('portal-browser-api-');
// The SPA's own Vite configuration (its ports of Node's built-ins for mock mode), on this page.
await build({
  configFile: join(repo, 'apps/web/vite.config.ts'),
  root,
  logLevel: 'error',
  build: { outDir, emptyOutDir: true, target: 'es2022' },
  optimizeDeps: { exclude: ['@electric-sql/pglite'] },
});

const assets = await readdir(join(outDir, 'assets'));
let raw = 0;
let gzip = 0;
for (const asset of assets) {
  const body = await readFile(join(outDir, 'assets', asset));
  raw += body.length;
  gzip += gzipSync(body).length;
}
console.log(
  `download: ${(raw / 1e6).toFixed(1)} MB, ${(gzip / 1e6).toFixed(1)} MB gzip (${assets.length} files)`,
);

/** The status each call of the page must answer (main.js). */
const EXPECTED = {
  createGateway: 201,
  sameNameAgain: 409,
  listGateways: 200,
  queueSummary: 200,
  legitimacyQueue: 200,
  application: 200,
};

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm' };
const server = createServer(async (request, response) => {
  const path = request.url === '/' ? '/index.html' : (request.url ?? '/').split('?')[0];
  try {
    const body = await readFile(join(outDir, path));
    response.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' });
    response.end(body);
  } catch {
    response.writeHead(404).end();
  }
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
const origin = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`;

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
let context;
try {
  for (let run = 1; run <= RUNS; run++) {
    // One context: the later runs reopen the world the first one kept in IndexedDB.
    context ??= await browser.newContext();
    const page = await context.newPage();
    await page.goto(origin);
    await page.waitForFunction(() => /** @type {any} */ (window).done, null, { timeout: 120_000 });
    const figures = JSON.parse((await page.textContent('#out')) ?? '{}');
    if (figures.error) throw new Error(figures.error);
    console.log(`run ${run}: ${JSON.stringify(figures)}`);
    const wrong = Object.entries(EXPECTED).filter(([call, status]) => figures[call]?.status !== status);
    if (wrong.length > 0 || figures.sameNameAgain.code !== 'GATEWAY_NAME_TAKEN')
      throw new Error(`run ${run}: not the API's answers (${wrong.map(([call]) => call).join(', ')})`);
    await page.close();
  }
} finally {
  await browser.close();
  server.close();
}
