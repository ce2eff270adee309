import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { testConfig } from '../test/test-app.js';
import { createTestDatabase } from '../test/test-database.js';

type App = Awaited<ReturnType<typeof buildApp>>;
const webDist = mkdtempSync(join(tmpdir(), 'web-dist-'));
writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>SPA</title>');
writeFileSync(join(webDist, 'redirect.html'), '<!doctype html><title>Signing in</title>');

async function appAt(publicUrl: string, overrides: Record<string, string> = {}): Promise<App> {
  const config = testConfig({
    WEB_DIST: webDist,
    PUBLIC_URL: publicUrl,
    AUTH_INSTANCE: 'https://tenant.b2clogin.com',
    ...overrides,
  });
  const app = await buildApp({ config, database: await createTestDatabase(), logger: false });
  await app.ready();
  return app;
}

/** The policy's directives by name. */
const directives = (policy: unknown) =>
  new Map(
    String(policy)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name, values]),
  );

let https: App;
let http: App;
beforeAll(async () => {
  [https, http] = await Promise.all([appAt('https://portal.example'), appAt('http://127.0.0.1:8080')]);
});
afterAll(() => Promise.all([https.close(), http.close()]));

describe('security headers', () => {
  it('lets the page run scripts from its own origin only, and nobody frame it', async () => {
    for (const url of ['/', '/api/environment-free-path', '/environment/environment.json']) {
      const response = await https.inject({ url, headers: { accept: 'text/html' } });
      const policy = directives(response.headers['content-security-policy']);
      expect(policy.get('script-src'), url).toEqual(["'self'"]);
      expect(policy.get('default-src')).toEqual(["'self'"]);
      expect(policy.get('object-src')).toEqual(["'none'"]);
      expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
      expect(policy.get('connect-src')).toEqual(["'self'", 'https://tenant.b2clogin.com']);
      expect(String(response.headers['content-security-policy'])).not.toMatch(/unsafe-eval/);
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['permissions-policy']).toMatch(/camera=\(\), .*geolocation=\(\)/);
    }
  });

  it("lets only the portal itself frame the sign-in bridge page (MSAL's silent renewal)", async () => {
    const response = await https.inject('/redirect.html');
    expect(response.statusCode).toBe(200);
    expect(directives(response.headers['content-security-policy']).get('frame-ancestors')).toEqual([
      "'self'",
    ]);
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it("lets mock mode's pages compile WebAssembly only, and its API worker compile its router's code", async () => {
    const mock = await appAt('http://127.0.0.1:8080', { WEB_MOCK: 'true' });
    try {
      const page = await mock.inject({ url: '/', headers: { accept: 'text/html' } });
      expect(directives(page.headers['content-security-policy']).get('script-src')).toEqual([
        "'self'",
        "'wasm-unsafe-eval'",
      ]);
      const worker = await mock.inject('/assets/mock/mock-api-worker.js');
      expect(directives(worker.headers['content-security-policy']).get('script-src')).toEqual([
        "'self'",
        "'wasm-unsafe-eval'",
        "'unsafe-eval'",
      ]);
      const elsewhere = await http.inject('/assets/mock/mock-api-worker.js');
      expect(String(elsewhere.headers['content-security-policy'])).not.toMatch(/unsafe-eval/);
    } finally {
      await mock.close();
    }
  });

  it('pins https (HSTS) and marks the cookie Secure only behind https; SameSite always', async () => {
    const secure = await https.inject('/healthz');
    expect(secure.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(String(secure.headers['set-cookie'])).toMatch(/XSRF-TOKEN=.*; Secure; SameSite=Strict/);

    const plain = await http.inject('/healthz');
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    expect(String(plain.headers['set-cookie'])).not.toMatch(/Secure/);
    expect(String(plain.headers['set-cookie'])).toMatch(/SameSite=Strict/);
  });

  it('answers no cross-origin caller unless origins are configured', async () => {
    const preflight = {
      method: 'OPTIONS' as const,
      url: '/api/organisations',
      headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'GET' },
    };
    const none = await https.inject(preflight);
    expect(none.headers['access-control-allow-origin']).toBeUndefined();
    const simple = await https.inject({ url: '/healthz', headers: { origin: 'https://elsewhere.example' } });
    expect(simple.headers['access-control-allow-origin']).toBeUndefined();

    const configured = await appAt('https://portal.example', { CORS_ORIGINS: 'https://partner.example' });
    try {
      const allowed = await configured.inject({
        ...preflight,
        headers: { ...preflight.headers, origin: 'https://partner.example' },
      });
      expect(allowed.headers['access-control-allow-origin']).toBe('https://partner.example');
      const refused = await configured.inject(preflight);
      expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await configured.close();
    }
  });
});
