import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { testConfig } from './test/test-app.js';
import { createTestDatabase } from './test/test-database.js';

type App = Awaited<ReturnType<typeof buildApp>>;
let app: App;
const webDist = mkdtempSync(join(tmpdir(), 'web-dist-'));

beforeAll(async () => {
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>SPA</title>');
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'assets', 'main-abc123.js'), 'console.log("app");'.repeat(100));
  writeFileSync(
    join(webDist, 'assets', 'main-abc123.js.br'),
    brotliCompressSync('console.log("app");'.repeat(100)),
  );
  const config = testConfig({
    WEB_DIST: webDist,
    APP_NAME: 'Test Portal',
    ENV_NAME: 'ci',
    PUBLIC_URL: 'https://portal.example',
  });
  app = await buildApp({ config, database: await createTestDatabase(), logger: false });
  app.get('/api/boom', { config: { access: 'public' } }, async () => {
    throw new Error('secret internals: password=hunter2');
  });
  await app.ready();
});
afterAll(() => app.close());

describe('the API shell', () => {
  it('answers /healthz and /readyz', async () => {
    expect((await app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    expect((await app.inject('/readyz')).json()).toEqual({ status: 'ok' });
  });

  it('renders environment/environment.json from its settings with the spec §3 fields', async () => {
    const response = await app.inject('/environment/environment.json');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      apiUrl: '',
      mock: false,
      production: false,
      envName: 'ci',
      appName: 'Test Portal',
      azureAd: {
        clientId: 'portal-spa',
        redirectUri: 'https://portal.example/redirect.html',
        postLogoutRedirectUri: 'https://portal.example/',
        navigateToLoginRequestUrl: true,
        validateAuthority: false,
        // identity.md #1: MSAL gets an https authority and the plain-http provider's endpoints inline.
        authority: 'https://127.0.0.1:8090/emvoportal.onmicrosoft.com/b2c_1_signin',
        resetAuthority: 'https://127.0.0.1:8090/emvoportal.onmicrosoft.com/b2c_1_reset',
        knownAuthorities: ['127.0.0.1:8090'],
        authorityMetadata: expect.any(String),
        resetAuthorityMetadata: expect.any(String),
        interactionType: 'redirect',
        login: { tenantID: 'b2c_1_signin' },
        webApi: 'https://portal.example/api',
        b2cScopes: ['https://emvoportal.onmicrosoft.com/portal-api/access_as_user'],
      },
    });
  });

  it("gives MSAL each policy's endpoints, B2C-shaped", async () => {
    const { azureAd } = (await app.inject('/environment/environment.json')).json();
    expect(JSON.parse(azureAd.authorityMetadata)).toEqual({
      issuer: 'http://127.0.0.1:8090/emvoportal.onmicrosoft.com/b2c_1_signin/v2.0/',
      authorization_endpoint:
        'http://127.0.0.1:8090/emvoportal.onmicrosoft.com/b2c_1_signin/oauth2/v2.0/authorize',
      token_endpoint: 'http://127.0.0.1:8090/emvoportal.onmicrosoft.com/b2c_1_signin/oauth2/v2.0/token',
      end_session_endpoint:
        'http://127.0.0.1:8090/emvoportal.onmicrosoft.com/b2c_1_signin/oauth2/v2.0/logout',
      jwks_uri: 'http://127.0.0.1:8090/emvoportal.onmicrosoft.com/b2c_1_signin/discovery/v2.0/keys',
    });
    expect(JSON.parse(azureAd.resetAuthorityMetadata).authorization_endpoint).toContain(
      '/b2c_1_reset/oauth2/v2.0/authorize',
    );
  });

  it('names a real B2C tenant as it is and lets MSAL discover it', async () => {
    const { renderEnvironment } = await import('./modules/environment/environment.js');
    const azureAd = renderEnvironment(
      testConfig({ AUTH_INSTANCE: 'https://contoso.b2clogin.com', AUTH_TENANT: 'contoso' }),
    ).azureAd;
    expect(azureAd).toMatchObject({
      authority: 'https://contoso.b2clogin.com/contoso.onmicrosoft.com/b2c_1_signin',
      knownAuthorities: ['contoso.b2clogin.com'],
    });
    expect(azureAd).not.toHaveProperty('authorityMetadata');
  });

  it('serves the SPA for a deep link (history fallback)', async () => {
    const response = await app.inject({ url: '/emvo/legitimacy?page=2', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>SPA</title>');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('serves the pre-compressed copy of an asset, cached for good (fingerprinted names)', async () => {
    const response = await app.inject({
      url: '/assets/main-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('compresses a large JSON answer for a browser that accepts it', async () => {
    const response = await app.inject({ url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers['content-encoding']).toBe('gzip');
  });

  it('serves the SPA at / to a client that names no type', async () => {
    const response = await app.inject({ url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>SPA</title>');
  });

  it('answers a JSON 404 for unknown API paths, even to a browser', async () => {
    for (const url of ['/api/nothing', '/links/a/b/c']) {
      const response = await app.inject({ url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('publishes its OpenAPI document at /api/docs', async () => {
    const response = await app.inject('/api/docs/json');
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().paths)).toEqual(
      expect.arrayContaining(['/api/organisations', '/links/{id}', '/links/{id}/{linkId}', '/healthz']),
    );
  });

  it('never leaks internals in a 500', async () => {
    const response = await app.inject('/api/boom');
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      code: 'DEFAULT_ERROR',
      message: expect.stringMatching(/request/),
      requestId: expect.any(String),
    });
    expect(response.body).not.toContain('hunter2');
  });
});

describe('route access', () => {
  it('refuses to start when a route declares no access', async () => {
    const bare = await buildApp({
      config: testConfig(),
      database: await createTestDatabase(),
      logger: false,
    });
    bare.get('/api/open', async () => 'open');
    await expect(bare.ready()).rejects.toThrow(/declare no access.*GET \/api\/open/);
    await bare.close();
  });
});
