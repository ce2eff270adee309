import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { webPlugin } from './web-plugin.js';

// A build as apps/web's writes it: the SPA, msw's worker with its compressed copies, mock mode's chunks
// under assets/mock/, and hidden source maps beside the chunks.
const webDist = mkdtempSync(join(tmpdir(), 'web-dist-'));
mkdirSync(join(webDist, 'assets', 'mock'), { recursive: true });
const files: Record<string, string> = {
  'index.html': '<!doctype html><title>SPA</title>',
  'mockServiceWorker.js': '/* msw */',
  'mockServiceWorker.js.gz': 'gzip of msw',
  'mockServiceWorker.js.br': 'brotli of msw',
  'assets/index-abc.js': '/* the SPA */',
  'assets/index-abc.js.map': '{"sources":["src/main.tsx"]}',
  'assets/mock/mock-api-worker-abc.js': '/* the API, its migrations and the demo data */',
  'assets/mock/mock-api-worker-abc.js.gz': 'gzip of the mock API',
  'assets/mock/mock-api-worker-abc.js.map': '{"sources":["apps/api/src/app.ts"]}',
  'assets/mock/pglite-abc.wasm': 'wasm',
};
for (const [path, content] of Object.entries(files)) writeFileSync(join(webDist, path), content);

async function serve(webMock: boolean, sourceMaps = true) {
  const app = Fastify();
  await app.register(webPlugin, { webDist, webMock, sourceMaps });
  return app;
}

const get = async (app: Awaited<ReturnType<typeof serve>>, url: string) => {
  const response = await app.inject({ url, headers: { accept: '*/*' } });
  return { status: response.statusCode, body: response.body };
};

const MOCK_FILES = [
  '/mockServiceWorker.js',
  '/mockServiceWorker.js.gz',
  '/mockServiceWorker.js.br',
  '/assets/mock/mock-api-worker-abc.js',
  '/assets/mock/mock-api-worker-abc.js.gz',
  '/assets/mock/pglite-abc.wasm',
];
const MAPS = ['/assets/index-abc.js.map', '/assets/mock/mock-api-worker-abc.js.map'];

describe("mock mode's files (spec §7), which every build of the SPA carries", () => {
  it.each([
    [true, 200, '/* msw */'],
    [false, 404, 'NOT_FOUND'],
  ])('WEB_MOCK=%s: /mockServiceWorker.js answers %i', async (webMock, status, body) => {
    const app = await serve(webMock);
    const response = await app.inject({ url: '/mockServiceWorker.js', headers: { accept: '*/*' } });
    expect(response.statusCode).toBe(status);
    expect(response.body).toContain(body);
    await app.close();
  });

  it('serves none of them, compressed copies included, without mock mode; all of them with it', async () => {
    const plain = await serve(false);
    for (const url of MOCK_FILES) expect(await get(plain, url), url).toMatchObject({ status: 404 });
    // The SPA's own code is served as ever, precompressed copies are asked for by encoding.
    expect(await get(plain, '/assets/index-abc.js')).toEqual({ status: 200, body: '/* the SPA */' });
    const brotli = await plain.inject({ url: '/mockServiceWorker.js', headers: { 'accept-encoding': 'br' } });
    expect(brotli.statusCode).toBe(404);
    await plain.close();

    const mock = await serve(true);
    for (const url of MOCK_FILES) expect((await get(mock, url)).status, url).toBe(200);
    await mock.close();
  });
});

describe('source maps', () => {
  it('are not served when not asked for (production), whether or not mock mode is on', async () => {
    for (const webMock of [false, true]) {
      const app = await serve(webMock, false);
      for (const url of MAPS.slice(0, webMock ? 2 : 1)) {
        expect(await get(app, url), url).toMatchObject({
          status: 404,
          body: expect.stringContaining('NOT_FOUND'),
        });
      }
      await app.close();
    }
  });

  it('are served when asked for', async () => {
    const app = await serve(false, true);
    expect(await get(app, '/assets/index-abc.js.map')).toMatchObject({ status: 200 });
    await app.close();
  });

  it('production serves them only with WEB_SOURCE_MAPS=true; elsewhere they are served', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).webSourceMaps).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', WEB_SOURCE_MAPS: 'true' }).webSourceMaps).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).webSourceMaps).toBe(true);
  });
});
