// bench/bundle: what a browser loads eagerly, gzipped: the JS and CSS index.html loads (following static
// imports, not lazy chunks) for the sign-in page, and for each role's first signed-in page (plus MSAL and
// that area's landing chunks), with a per-library breakdown from the source maps (each file gzipped on its
// own, so the breakdown sums to more than the page). The entry's stylesheet counts as CSS though the
// build puts it inside index.html (vite.config.ts inlineEntryStyles): the same bytes, in the page.
//
// Then the floor: ./floor, a page of the first page's libraries alone (React, the router, i18next,
// TanStack Query, MSAL in its own chunk), built with the SPA's own Vite configuration and measured the same
// way. A role's first page cannot weigh less; what it weighs above the floor is the portal's own code.
//
//   npm run build && node bench/bundle/run.mjs
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { explore } from 'source-map-explorer';
import { build } from 'vite';
import { scratchDir } from '../lib/scratch.mjs';

const repo = fileURLToPath(new URL('../../', import.meta.url));

/** A build's output folder and its manifest (vite.config.ts `manifest: true`). */
const buildOf = (dist) => ({
  dist,
  manifest: JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')),
});

/** The chunk of a manifest key and every chunk it imports statically, with their CSS. */
function eagerFiles(manifest, key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return seen;
  seen.add(key);
  for (const imported of chunk.imports ?? []) eagerFiles(manifest, imported, seen);
  return seen;
}

const filesOf = (manifest, keys) => {
  const js = new Set();
  const css = new Set();
  for (const key of keys) {
    js.add(manifest[key].file);
    for (const sheet of manifest[key].css ?? []) css.add(sheet);
  }
  return { js: [...js], css: [...css] };
};

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

async function report({ dist, manifest }, name, keys) {
  const gzip = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  const { js, css } = filesOf(manifest, keys);
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

const web = buildOf(join(repo, 'apps/web/dist/'));
const entry = 'index.html';
const keyOf = (manifest, source) => {
  const key = Object.keys(manifest).find((candidate) => candidate.endsWith(source));
  // A page moved or renamed would measure the entry alone, silently: it fails the bench instead.
  if (!key)
    throw new Error(`the build has no chunk of ${source}: update bench/bundle/run.mjs, or npm run build`);
  return key;
};
const pageOf = ({ manifest }, ...sources) => [
  ...eagerFiles(manifest, entry),
  ...sources.flatMap((source) => [...eagerFiles(manifest, keyOf(manifest, source))]),
];

// A visitor's page loads no MSAL (src/auth/start-auth.ts: it loads when they press Sign in); a signed-in
// page loads it at its start, before its guard: it counts in each role's first page.
const MSAL = 'src/auth/msal-auth.ts';
const PAGES = [
  {
    name: 'Sign-in page (a visitor: index.html + the sign-in chunk)',
    sources: ['src/areas/auth/sign-in-page.tsx'],
    aim: 200,
    signedIn: false,
  },
  {
    name: "EMVO first page (index.html + MSAL + the reviewers' landing)",
    sources: [MSAL, 'src/areas/emvo/emvo-home-page.tsx'],
    aim: 205,
    signedIn: true,
  },
  {
    name: "ADMIN first page (index.html + MSAL + the administrators' landing)",
    sources: [MSAL, 'src/areas/admin/admin-home-page.tsx'],
    aim: 205,
    signedIn: true,
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
    signedIn: true,
  },
];
const totals = [];
for (const { name, sources, aim, signedIn } of PAGES)
  totals.push({ name, aim, signedIn, bytes: await report(web, name, pageOf(web, ...sources)) });

// The floor, built with the SPA's Vite configuration (its `start` chunk of the libraries, its settings).
const floorDist = scratchDir('portal-bundle-floor-');
await build({
  configFile: join(repo, 'apps/web/vite.config.ts'),
  root: fileURLToPath(new URL('floor/', import.meta.url)),
  logLevel: 'error',
  build: { outDir: floorDist, emptyOutDir: true },
});
const floor = buildOf(floorDist);
const FLOORS = {
  // A visitor's page loads no MSAL: its floor is the page without MSAL's chunk.
  false: {
    name: "Floor of a visitor's page (React, the router, i18next, TanStack Query; bench/bundle/floor)",
    bytes: await report(floor, "Floor of a visitor's page", pageOf(floor)),
  },
  true: {
    name: 'Floor of a signed-in page (the same + MSAL; bench/bundle/floor)',
    bytes: await report(floor, 'Floor of a signed-in page', pageOf(floor, 'msal.ts')),
  },
};

console.log("\nEach page, gzip (aim), and above its floor (the portal's own code and styles):");
for (const { name, bytes, aim, signedIn } of totals)
  console.log(
    `  ${kb(bytes).padStart(9)} ${bytes <= aim * 1000 ? 'ok  ' : 'OVER'} (${aim} kB)  +${kb(bytes - FLOORS[signedIn].bytes).padStart(8)}  ${name}`,
  );
for (const { name, bytes } of Object.values(FLOORS))
  console.log(`  ${kb(bytes).padStart(9)}${' '.repeat(25)}${name}`);
