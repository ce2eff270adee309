import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import NODE_PORTS from './node-ports.json' with { type: 'json' };
import type { Environment } from './src/config/environment';

// The API serves the built SPA and everything it calls (architecture.md): in development, Vite proxies
// those paths to the API on its default port.
const api = 'http://127.0.0.1:8080';

/** Where a build puts what only mock mode loads: the API serves this folder only with WEB_MOCK=true. */
const MOCK_ASSETS = 'assets/mock';
const MOCK_SOURCES = /[\\/]src[\\/]mock[\\/]/;

export default defineConfig(({ mode }) => ({
  plugins: [
    react(),
    inlineEntryStyles(),
    prefetchMsal(),
    mockWorkerInBuild(),
    ...(mode === 'mock' ? [mockMode()] : []),
  ],
  resolve: { alias: NODE_IN_THE_BROWSER },
  // Node's `global`, which the ports' CommonJS modules read as they load (mock mode's worker only).
  define: { global: 'globalThis' },
  // Mock mode's API worker (src/mock/mock-api-worker.ts) loads its chunks as modules. Everything it is made
  // of (the API's code, its migrations, the demo data, PGlite) goes under MOCK_ASSETS, which the API serves
  // only in mock mode (apps/api node/web-plugin.ts).
  worker: {
    format: 'es',
    rolldownOptions: {
      output: {
        entryFileNames: `${MOCK_ASSETS}/[name]-[hash].js`,
        chunkFileNames: `${MOCK_ASSETS}/[name]-[hash].js`,
        assetFileNames: `${MOCK_ASSETS}/[name]-[hash][extname]`,
      },
    },
  },
  optimizeDeps: {
    // PGlite loads its wasm and data files beside its module, which pre-bundling would move.
    exclude: ['@electric-sql/pglite'],
    // Mock mode's API worker is imported by no module (mock-api-client.ts starts it by its URL): crawled
    // from the start, its dependencies are pre-bundled with the page's, where found only once the worker
    // loaded they were bundled again and the page reloaded, half a minute into the first start.
    // Node's built-ins its ports stand for are found only as it loads: named here. The workspace's packages
    // and the API's modules the worker reads, pre-bundled too: served one file each, they were some 300
    // requests at each start and reload (prepare-web.mjs drops the pre-bundled copies when it rebuilds them).
    ...(mode === 'mock'
      ? {
          entries: ['index.html', 'src/mock/mock-api-worker.ts'],
          include: ['stream', 'util', ...MOCK_WORKSPACE_MODULES],
        }
      : {}),
  },
  build: {
    // Maps for error traces (to upload to an error tracker) and bench/bundle, without the `sourceMappingURL`
    // comment in every chunk that browsers would download (about 65 bytes gzipped per chunk on the
    // first page). A production API does not serve them unless WEB_SOURCE_MAPS says so (node/web-plugin.ts).
    sourcemap: 'hidden',
    // Every browser the portal supports preloads modules itself (modulepreload): no polyfill in the entry.
    modulePreload: { polyfill: false },
    // bench/bundle reads which chunks index.html loads eagerly.
    manifest: true,
    // bench/bundle measures what loads (gzip, eager against lazy); Vite's raw-size warning only adds noise.
    chunkSizeWarningLimit: 1000,
    // The redirect bridge (redirect.html) is built on its own: vite.redirect.config.ts.
    rollupOptions: {
      output: {
        // Mock mode's own chunks (src/mock: its start, its sign-in) beside its worker, under MOCK_ASSETS.
        chunkFileNames: (chunk) =>
          chunk.facadeModuleId && MOCK_SOURCES.test(chunk.facadeModuleId)
            ? `${MOCK_ASSETS}/[name]-[hash].js`
            : 'assets/[name]-[hash].js',
        // The libraries every page starts with, in one chunk. Left to itself the bundler cuts them
        // into several (by which lazy pages share which), and each small file compresses worse and costs a
        // request on the first page.
        codeSplitting: {
          groups: [
            {
              name: 'start',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|@tanstack[\\/](query-core|react-query))[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    // Mock mode has no API behind it: msw answers the page's calls, and its environment comes from
    // mockMode() below. A call msw cannot answer (a closing page's last vitals report, sent keepalive
    // past the worker) then gets Vite's 404, not a proxy error in the terminal.
    proxy: mode === 'mock' ? undefined : { '/api': api, '/links': api, '/environment': api },
  },
}));

/**
 * Index.html carries the shell's styles (its one stylesheet, ~1.4 kB gzipped) in a <style> rather
 * than a <link>: a stylesheet in the head holds the first paint (the "Loading the portal…" shell) until it
 * has downloaded, on a slow network a round trip after the page. The CSP allows inline styles (apps/api
 * security-headers.ts); the lazy screens' stylesheets still load as files.
 */
function inlineEntryStyles(): Plugin {
  return {
    name: 'portal:inline-entry-styles',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        return html.replace(
          /<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g,
          (tag, file: string) => {
            const asset = bundle?.[file];
            return asset?.type === 'asset' ? `<style>${String(asset.source)}</style>` : tag;
          },
        );
      },
    },
  };
}

/**
 * MSAL's chunk is lazy (src/auth/start-auth.ts: a visitor's page does not wait for it), but a signed-in
 * page needs it before its first call, and its import starts only once the entry has run, after the
 * `start` chunk: fetched then, it came a round trip and 70 kB after the rest on a slow network. A prefetch
 * in the page's head has the browser fetch it beside them, at the lowest priority, for a visitor too (whose
 * Sign in needs it).
 */
function prefetchMsal(): Plugin {
  return {
    name: 'portal:prefetch-msal',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const chunk = Object.values(bundle ?? {}).find(
          (output) => output.type === 'chunk' && output.facadeModuleId?.endsWith('/src/auth/msal-auth.ts'),
        );
        if (!chunk) return html;
        return html.replace(
          '</head>',
          `  <link rel="prefetch" href="/${chunk.fileName}" as="script" crossorigin>\n  </head>`,
        );
      },
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// Mock mode (`vite --mode mock`, script dev:mock; or the API with WEB_MOCK=true). The SPA needs no API:
// the environment says `mock: true` and msw's browser worker answers the API calls (src/mock). The worker
// script comes straight from the installed msw package, so it always matches the library's version; a
// build carries it too (with mock mode's chunks under MOCK_ASSETS), and the API serves them only when
// WEB_MOCK=true, which production refuses (apps/api node/web-plugin.ts and config.ts).
// ---------------------------------------------------------------------------------------------------------

/**
 * What mock mode serves at /environment/environment.json, in place of the one the API renders. The azureAd
 * values are placeholders: in mock mode no identity provider is contacted. Checked against the SPA's own
 * schema in src/mock/mock-environment.test.ts.
 */
export const MOCK_ENVIRONMENT: Environment = {
  // Same origin, as the API renders it: the mock handlers answer relative paths.
  apiUrl: '',
  mock: true,
  production: false,
  envName: 'mock',
  appName: 'Onboarding Portal',
  azureAd: {
    clientId: '00000000-0000-4000-8000-000000000000',
    redirectUri: '/redirect.html',
    postLogoutRedirectUri: '/',
    navigateToLoginRequestUrl: true,
    validateAuthority: false,
    authority: 'https://mock.invalid/mock.onmicrosoft.com/B2C_1_signin',
    resetAuthority: 'https://mock.invalid/mock.onmicrosoft.com/B2C_1_reset',
    knownAuthorities: ['mock.invalid'],
    interactionType: 'popup',
    login: { tenantID: 'B2C_1_signin' },
    webApi: '/api',
    b2cScopes: ['https://mock.invalid/api/access'],
  },
};

/**
 * Mock mode runs the API's own code in the browser (src/mock/mock-world.ts): what it imports from Node's
 * built-ins comes from their browser ports (node-ports.json; the lint refuses any other built-in the SPA
 * would reach, .dependency-cruiser.cjs). Only mock mode's lazy chunk and worker import any of them.
 * Exact names only: PGlite's own Node paths (`stream/promises`, `fs`) stay external, and it never takes them
 * in a browser.
 */
const exactly = (name: string, replacement: string) => ({
  find: new RegExp(`^(node:)?${name}$`),
  replacement,
});
const NODE_IN_THE_BROWSER = Object.entries(NODE_PORTS).map(([name, port]) =>
  exactly(name, port.startsWith('./') ? join(import.meta.dirname, port) : port),
);

/** What mock mode's worker and pages import from the workspace (src/mock/mock-world.ts and the SPA). */
const MOCK_WORKSPACE_MODULES = [
  '@portal/contracts',
  '@portal/domain',
  '@portal/list-query',
  '@portal/demo-data',
  '@portal/api/config',
  '@portal/api/db/apply-migrations',
  '@portal/api/db/pglite-database',
  '@portal/api/in-browser/in-browser-api',
  '@portal/api/seed/seed',
  '@portal/api/storage/file-storage',
  '@portal/api/storage/key-value-blob-store',
];

const workerFile = createRequire(import.meta.url).resolve('msw/mockServiceWorker.js');

/** The worker script in the build's root, beside index.html: where start-mock.ts registers it. */
function mockWorkerInBuild(): Plugin {
  return {
    name: 'portal:mock-worker',
    apply: 'build',
    async generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'mockServiceWorker.js', source: await readFile(workerFile) });
    },
  };
}

function mockMode(): Plugin {
  return {
    name: 'portal-mock-mode',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use('/environment/environment.json', (_request, response) => {
        response.setHeader('content-type', 'application/json');
        response.setHeader('cache-control', 'no-store');
        response.end(JSON.stringify(MOCK_ENVIRONMENT));
      });
      server.middlewares.use('/mockServiceWorker.js', (_request, response, next) => {
        readFile(workerFile).then((script) => {
          response.setHeader('content-type', 'text/javascript');
          response.setHeader('cache-control', 'no-store');
          response.end(script);
        }, next);
      });
    },
  };
}
