// bench/bundle: what a browser loads eagerly, gzipped: the JS and CSS index.html loads (following static
// imports, not lazy chunks) for the sign-in page, and for each role's first signed-in page (plus MSAL and
// that area's landing chunks), with a per-library breakdown from the source maps (each file gzipped on its
// own, so the breakdown sums to more than the page). The entry's stylesheet counts as CSS though the
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
  return jsBytes + cssBytes;
}

const entry = 'index.html';
const keyOf = (source) => {
  const key = Object.keys(manifest).find((candidate) => candidate.endsWith(source));
  // A page moved or renamed would measure the entry alone, silently: it fails the bench instead.
  if (!key)
    throw new Error(`the build has no chunk of ${source}: update bench/bundle/run.mjs, or npm run build`);
  return key;
};
const pageOf = (...sources) => [
  ...eagerFiles(entry),
  ...sources.flatMap((source) => [...eagerFiles(keyOf(source))]),
];

// A visitor's page loads no MSAL (src/auth/start-auth.ts: it loads when they press Sign in); a signed-in
// page loads it at its start, before its guard: it counts in each role's first page.
const MSAL = 'src/auth/msal-auth.ts';
const PAGES = [
  {
    name: 'Sign-in page (a visitor: index.html + the sign-in chunk)',
    sources: ['src/areas/auth/sign-in-page.tsx'],
    aim: 200,
  },
  {
    name: "EMVO first page (index.html + MSAL + the reviewers' landing)",
    sources: [MSAL, 'src/areas/emvo/emvo-home-page.tsx'],
    aim: 205,
  },
  {
    name: "ADMIN first page (index.html + MSAL + the administrators' landing)",
    sources: [MSAL, 'src/areas/admin/admin-home-page.tsx'],
    aim: 205,
  },
  {
    name: 'EXTERNAL first page (index.html + MSAL + the onboarding overview, its loader and journey)',
    sources: [
      MSAL,
      'src/areas/external/onboarding/journey.ts',
      'src/areas/external/onboarding/onboarding-page.tsx',
      'src/areas/external/onboarding/onboarding-loader.ts',
    ],
    aim: 205,
  },
];
const totals = [];
for (const { name, sources, aim } of PAGES)
  totals.push({ name, aim, bytes: await report(name, pageOf(...sources)) });
console.log('\nEach page, gzip (aim):');
for (const { name, bytes, aim } of totals)
  console.log(`  ${kb(bytes).padStart(9)} ${bytes <= aim * 1000 ? 'ok  ' : 'OVER'} (${aim} kB)  ${name}`);
