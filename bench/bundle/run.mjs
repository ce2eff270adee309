// bench/bundle: what a browser loads eagerly, gzipped: the JS and CSS index.html loads (following static
// imports, not lazy chunks) for the sign-in page, and for the first signed-in page (plus that area's
// chunk), with a per-library breakdown from the source maps. The entry's stylesheet counts as CSS though the
// build puts it inside index.html (vite.config.ts inlineEntryStyles): the same bytes, in the page.
//
//   npm run build && node bench/bundle/run.mjs
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { explore } from 'source-map-explorer';

const dist = fileURLToPath(new URL('../../apps/web/dist/', import.meta.url));
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));

/** The chunk of a manifest key and every chunk it imports statically, with their CSS. */
function eagerFiles(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return seen;
  seen.add(key);
  for (const imported of chunk.imports ?? []) eagerFiles(imported, seen);
  return seen;
}

const filesOf = (keys) => {
  const js = new Set();
  const css = new Set();
  for (const key of keys) {
    js.add(manifest[key].file);
    for (const sheet of manifest[key].css ?? []) css.add(sheet);
  }
  return { js: [...js], css: [...css] };
};

const gzip = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

async function report(name, keys) {
  const { js, css } = filesOf(keys);
  const jsBytes = js.reduce((sum, file) => sum + gzip(file), 0);
  const cssBytes = css.reduce((sum, file) => sum + gzip(file), 0);
  console.log(
    `\n${name}: ${kb(jsBytes + cssBytes)} gzip (JS ${kb(jsBytes)} in ${js.length} files, CSS ${kb(cssBytes)})`,
  );
  const result = await explore(
    // The build's maps are hidden (no sourceMappingURL comment): each chunk is given with its map.
    js.map((file) => ({ code: join(dist, file), map: join(dist, `${file}.map`) })),
    { gzip: true, output: { format: 'json' }, noBorderChecks: true },
  );
  const byLibrary = new Map();
  for (const bundle of result.bundles) {
    for (const [source, { size }] of Object.entries(bundle.files)) {
      const match = source.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
      const library = match ? match[1] : source.startsWith('[') ? source : 'portal (apps, packages)';
      byLibrary.set(library, (byLibrary.get(library) ?? 0) + size);
    }
  }
  for (const [library, size] of [...byLibrary]
    .sort((a, b) => b[1] - a[1])
    .filter(([, size]) => size >= 500)) {
    console.log(`  ${kb(size).padStart(9)}  ${library}`);
  }
}

const entry = 'index.html';
const areaKey = Object.keys(manifest).find((key) => key.endsWith('areas/emvo/emvo-home-page.tsx'));
const signInKey = Object.keys(manifest).find((key) => key.endsWith('areas/auth/sign-in-page.tsx'));
// A page moved or renamed would measure the entry alone, silently: it fails the bench instead.
if (!areaKey || !signInKey)
  throw new Error(
    'the build has no reviewer area or sign-in chunk: update bench/bundle/run.mjs, or npm run build',
  );
await report('Sign-in page (index.html + the sign-in chunk)', [
  ...eagerFiles(entry),
  ...eagerFiles(signInKey),
]);
await report('First signed-in page (index.html + the reviewer area chunk)', [
  ...eagerFiles(entry),
  ...eagerFiles(areaKey),
]);
console.log(
  '\nThe aims: at most 180 kB gzip for each, the first signed-in page at most 215 kB (stretch 205).',
);
