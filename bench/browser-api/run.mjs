// bench/browser-api (issue 22): can mock mode run the API's own code? Builds ./index.html with Vite (the
// API's SQL migrations, its gateways route plugin and PGlite), serves the build and opens it in Debian's
// chromium `--runs` times (a fresh page and HTTP cache each), then prints the download size and, per run,
// PGlite's start, the migrations and two requests through the API's handlers. Last, it bundles every route
// plugin of apps/api for the browser and prints the files that import Node's built-ins (what mock mode
// would have to be given in their place).
//
//   npm run build && node bench/browser-api/run.mjs [--runs 3]
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { build } from 'vite';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
const root = new URL('.', import.meta.url).pathname;
const repo = new URL('../../', import.meta.url).pathname;
const outDir = join(tmpdir(), 'portal-browser-api');
await build({
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
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${server.address().port}`;

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
try {
  for (let run = 1; run <= Number(values.runs); run++) {
    const page = await (await browser.newContext()).newPage();
    await page.goto(origin);
    await page.waitForFunction(() => window.done, null, { timeout: 120_000 });
    const figures = JSON.parse(await page.textContent('#out'));
    if (figures.error) throw new Error(figures.error);
    console.log(`run ${run}: ${JSON.stringify(figures)}`);
    await page.close();
  }
} finally {
  await browser.close();
  server.close();
}

// Every route plugin in one browser bundle: Vite replaces each Node built-in by an empty module and says
// which file imported it.
const modules = join(repo, 'apps/api/src/modules');
const plugins = (await readdir(modules, { recursive: true })).filter((file) => file.endsWith('-routes.ts'));
const entryDir = join(tmpdir(), 'portal-browser-api-routes');
await mkdir(entryDir, { recursive: true });
await writeFile(
  join(entryDir, 'entry.js'),
  plugins.map((file) => `export * from ${JSON.stringify(join(modules, file))};`).join('\n'),
);
const builtins = new Map();
await build({
  root: entryDir,
  logLevel: 'silent',
  build: {
    outDir: join(entryDir, 'dist'),
    lib: { entry: join(entryDir, 'entry.js'), formats: ['es'] },
    rollupOptions: {
      onwarn(warning) {
        const found = /Module "([^"]+)" has been externalized.*imported by "([^"]+)"/.exec(warning.message);
        if (!found) return;
        const importer = found[2].replace(repo, '').replace(/.*node_modules\/((@[^/]+\/)?[^/]+).*/, 'npm $1');
        builtins.set(importer, [...new Set([...(builtins.get(importer) ?? []), found[1]])]);
      },
    },
  },
});
const bundle = await readFile(join(entryDir, 'dist/entry.mjs'));
console.log(
  `\n${plugins.length} route plugins in one browser bundle: ${(bundle.length / 1e3).toFixed(0)} kB, ${(gzipSync(bundle).length / 1e3).toFixed(0)} kB gzip (not minified). Node built-ins they import:`,
);
for (const [importer, names] of [...builtins].sort()) console.log(`  ${importer}: ${names.join(', ')}`);
