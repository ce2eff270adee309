// Mock mode's prepared world: the database mock mode's API worker would otherwise migrate and seed in
// the browser at its first start (most of a fresh profile's wait), made here once, under Node, by the same
// code (src/mock/mock-world.ts: the API's migrations and its demo seed), and written beside the worker's
// chunks as PGlite's data directory (a gzipped tarball) and the seeded files' bytes. The worker starts from
// them (mock-api-worker.ts); without them it migrates and seeds as before. The demo world has no clock and
// no randomness (@portal/demo-data), so the image is the world a fresh start would make.
//
// The build runs it; `npm run dev:mock` runs it when the image is missing or older than what it is made of.
//
//   node scripts/mock-image.mjs [--if-stale]
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createServer } from 'vite';

const web = fileURLToPath(new URL('..', import.meta.url));
// public/ is copied into the build: dist/assets/mock/, which the API serves only in mock mode.
const out = join(web, 'public/assets/mock');
const IMAGE = join(out, 'demo-world.tar.gz');
const FILES = join(out, 'demo-world-files.json');

/** The newest change among what the image is made of: the migrations, the seed, the demo data, this script. */
function newestSource() {
  const folders = [
    'scripts',
    '../api/src/db/migrations',
    '../api/src/seed',
    '../../packages/demo-data/src',
    'src/mock',
  ];
  let newest = 0;
  for (const folder of folders) {
    const path = join(web, folder);
    for (const file of readdirSync(path, { recursive: true, encoding: 'utf8' })) {
      // Notes and tests change no world.
      if (/\.md$|\.test\.ts$/.test(file)) continue;
      newest = Math.max(newest, statSync(join(path, file)).mtimeMs);
    }
  }
  return newest;
}

if (process.argv.includes('--if-stale') && existsSync(IMAGE) && existsSync(FILES)) {
  if (statSync(IMAGE).mtimeMs >= newestSource()) process.exit(0);
}

const started = performance.now();
// Vite only to load mock-world.ts as the worker does (its migrations are read by import.meta.glob); the
// API's code runs on Node's own modules, as in the world's tests.
const vite = await createServer({
  configFile: false,
  root: web,
  logLevel: 'error',
  appType: 'custom',
  server: { middlewareMode: true, hmr: false, ws: false },
  optimizeDeps: { noDiscovery: true, include: [] },
});
try {
  const { openMockWorld } = await vite.ssrLoadModule('/src/mock/mock-world.ts');
  const client = await PGlite.create({ extensions: { pg_trgm } });
  const blobs = new Map();
  await openMockWorld(client, {
    origin: 'http://localhost',
    report: (level, message) => {
      if (level === 'error') console.error(message);
    },
    blobs: {
      get: async (name) => blobs.get(name),
      set: async (name, blob) => void blobs.set(name, blob),
      delete: async (name) => void blobs.delete(name),
      entries: async () => [...blobs],
    },
  });
  // The template databases serve only CREATE DATABASE, which mock mode never runs: without them the
  // image is a third smaller (29 MB and some 600 files fewer for the browser to write to IndexedDB and read
  // back at each start).
  await client.exec(
    "UPDATE pg_database SET datistemplate = false WHERE datname IN ('template0', 'template1')",
  );
  for (const template of ['template0', 'template1']) await client.exec(`DROP DATABASE ${template}`);
  await client.exec('CHECKPOINT');
  const image = await client.dumpDataDir('gzip');
  await client.close();
  mkdirSync(out, { recursive: true });
  writeFileSync(IMAGE, Buffer.from(await image.arrayBuffer()));
  const files = [...blobs].map(([name, { bytes }]) => [name, Buffer.from(bytes).toString('base64')]);
  writeFileSync(FILES, JSON.stringify(files));
  console.log(
    `Mock mode's world prepared in ${((performance.now() - started) / 1000).toFixed(1)} s: ` +
      `${(statSync(IMAGE).size / 1e6).toFixed(1)} MB, ${files.length} files`,
  );
} finally {
  await vite.close();
}
