import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, XSRF_HEADERS } from '../test/test-app.js';

type App = Awaited<ReturnType<typeof createTestApp>>;
let t: App;
const LIMIT = 3;

/** A concrete URL for a route pattern: each parameter becomes a sample word. */
const concrete = (url: string) => url.replace(/:\w+/g, 'sample').replace(/\*$/, 'index.html');

beforeAll(async () => {
  const webDist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>SPA</title>');
  t = await createTestApp({ config: { RATE_LIMIT_ANONYMOUS: String(LIMIT), WEB_DIST: webDist } });
});
afterAll(() => t.app.close());

describe('rate limits', () => {
  it('limits every anonymous route per client address, with the one error shape', async () => {
    const publicRoutes = t.app.declaredRoutes.filter((route) => route.config?.access === 'public');
    expect(publicRoutes.length).toBeGreaterThan(10);
    const unlimited: string[] = [];
    for (const route of publicRoutes) {
      const method = [route.method].flat()[0] as 'GET' | 'HEAD' | 'POST';
      const request = {
        method,
        url: concrete(route.url),
        remoteAddress: `10.0.${publicRoutes.indexOf(route)}.1`,
        // A state-changing call without the anti-forgery pair is refused before it is counted.
        headers: XSRF_HEADERS,
      };
      let last = await t.app.inject(request);
      // The mail-sending routes have tighter limits of their own (up to 10 per quarter-hour).
      for (let sent = 1; sent <= 10 && last.statusCode !== 429; sent += 1) last = await t.app.inject(request);
      if (last.statusCode !== 429) unlimited.push(`${method} ${route.url}`);
      else if (method !== 'HEAD')
        expect(last.json()).toEqual({
          code: 'TOO_MANY_REQUESTS',
          message: expect.any(String),
          requestId: expect.any(String),
        });
    }
    expect(unlimited).toEqual([]);
  });

  it('counts each address apart, and never limits a signed-in route', async () => {
    for (let sent = 0; sent < LIMIT; sent += 1)
      await t.app.inject({ url: '/healthz', remoteAddress: '10.9.0.1' });
    expect((await t.app.inject({ url: '/healthz', remoteAddress: '10.9.0.1' })).statusCode).toBe(429);
    expect((await t.app.inject({ url: '/healthz', remoteAddress: '10.9.0.2' })).statusCode).toBe(200);

    const headers = await t.bearer('EmvoPortalAdmin');
    const statuses = new Set<number>();
    for (let sent = 0; sent < LIMIT * 3; sent += 1)
      statuses.add(
        (await t.app.inject({ url: '/api/gateways', headers, remoteAddress: '10.9.0.1' })).statusCode,
      );
    expect(statuses).toEqual(new Set([200]));
  });
});
