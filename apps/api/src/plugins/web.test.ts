import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { webPlugin } from './web.js';

const webDist = mkdtempSync(join(tmpdir(), 'web-dist-'));
writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>SPA</title>');
writeFileSync(join(webDist, 'mockServiceWorker.js'), '/* msw */');

async function serve(webMock: boolean) {
  const app = Fastify();
  await app.register(webPlugin, { webDist, webMock });
  return app;
}

describe("mock mode's worker (spec §7), which every build of the SPA carries", () => {
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
});
