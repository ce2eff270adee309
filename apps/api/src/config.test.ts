import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('loadConfig', () => {
  it('runs on its defaults: the embedded database, port 8080, the local identity provider', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: undefined,
      production: false,
    });
    expect(config.publicUrl).toBe('http://127.0.0.1:8080');
    expect(config.auth.issuer).toBe('http://127.0.0.1:8090/emvoportal.onmicrosoft.com/b2c_1_signin/v2.0/');
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' })).toMatchObject({ databaseUrl: undefined, port: 8080 });
  });

  it('lower-cases the B2C paths (MSAL lower-cases the authority)', () => {
    const config = loadConfig({
      AUTH_INSTANCE: 'https://Tenant.b2clogin.com/',
      AUTH_TENANT: 'Tenant',
      AUTH_LOGIN_POLICY: 'B2C_1_SignIn',
    });
    expect(config.auth.jwksUrl).toBe(
      'https://tenant.b2clogin.com/tenant.onmicrosoft.com/b2c_1_signin/discovery/v2.0/keys',
    );
  });

  it("reads the mail sender's poll interval and first retry wait, 5 s and 30 s by default", () => {
    expect(loadConfig({}).mail).toMatchObject({ pollIntervalMs: 5_000, retryBaseMs: 30_000 });
    expect(loadConfig({ MAIL_POLL_INTERVAL_MS: '200', MAIL_RETRY_BASE_MS: '100' }).mail).toMatchObject({
      pollIntervalMs: 200,
      retryBaseMs: 100,
    });
    expect(() => loadConfig({ MAIL_POLL_INTERVAL_MS: '0' })).toThrow(/MAIL_POLL_INTERVAL_MS/);
  });

  it('names every invalid variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', LOG_LEVEL: 'loud' })).toThrow(/PORT[\s\S]*LOG_LEVEL/);
  });

  it('reads TRUST_PROXY as a hop count or proxy addresses, and trusts nobody by default', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.7,fd00::/8' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.0.2.7',
      'fd00::/8',
    ]);
    for (const wrong of ['true', 'proxy.example', '10.0.0.0/33', '300.1.1.1'])
      expect(() => loadConfig({ TRUST_PROXY: wrong }), wrong).toThrow(/TRUST_PROXY/);
  });

  it('turns the local conveniences on only when asked, and refuses them beyond loopback', () => {
    expect(loadConfig({})).toMatchObject({ devOutbox: false, localIdp: false });
    expect(loadConfig({ DEV_OUTBOX: 'true', LOCAL_IDP: 'true' })).toMatchObject({
      devOutbox: true,
      localIdp: true,
    });
    expect(loadConfig({ DEV_OUTBOX: 'true', HOST: '::1' }).devOutbox).toBe(true);
    expect(() => loadConfig({ DEV_OUTBOX: 'true', HOST: '0.0.0.0' })).toThrow(/DEV_OUTBOX.*0\.0\.0\.0/);
    expect(() => loadConfig({ LOCAL_IDP: 'true', HOST: '192.0.2.10' })).toThrow(/LOCAL_IDP/);
    expect(loadConfig({ HOST: '0.0.0.0' }).devOutbox).toBe(false);
  });

  it('reads the per-user limits, the invitations a day and the storage quota', () => {
    expect(loadConfig({})).toMatchObject({
      rateLimitUserWrites: 120,
      rateLimitUserUploads: 20,
      invitationsPerCompanyPerDay: 10,
      storage: { quotaBytes: 200_000_000 },
    });
  });

  it('refuses mock mode in production: it would sign every visitor in without the identity provider', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', WEB_MOCK: 'true' })).toThrow(
      /Invalid configuration[\s\S]*WEB_MOCK/,
    );
    expect(loadConfig({ NODE_ENV: 'production', WEB_MOCK: 'false' }).webMock).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development', WEB_MOCK: 'true' }).webMock).toBe(true);
    // The API in the browser (mock mode) is no production either way.
    expect(() => loadConfig({ NODE_ENV: 'production', WEB_MOCK: 'true' }, { server: false })).toThrow(
      /WEB_MOCK/,
    );
  });

  it('refuses the local conveniences when PUBLIC_URL is not this machine, even behind a local proxy', () => {
    for (const name of ['DEV_OUTBOX', 'LOCAL_IDP']) {
      expect(() => loadConfig({ [name]: 'true', PUBLIC_URL: 'https://portal.example.com' }), name).toThrow(
        new RegExp(`${name}.*PUBLIC_URL`),
      );
      expect(() => loadConfig({ [name]: 'true', PUBLIC_URL: 'http://192.0.2.10:8080' }), name).toThrow(
        /PUBLIC_URL/,
      );
      for (const local of ['http://127.0.0.1:8080', 'http://localhost:5173', 'http://[::1]:8080']) {
        expect(loadConfig({ [name]: 'true', PUBLIC_URL: local }).publicUrl, local).toBe(local);
      }
    }
    expect(loadConfig({ PUBLIC_URL: 'https://portal.example.com' }).devOutbox).toBe(false);
    // The API in the browser listens on nothing: its outbox lives in the page, whatever served it.
    expect(
      loadConfig({ DEV_OUTBOX: 'true', PUBLIC_URL: 'https://demo.example.com' }, { server: false }).devOutbox,
    ).toBe(true);
  });

  it("reads how old a user's standing may be: a minute by default, and never more", () => {
    expect(loadConfig({}).standingCheckMs).toBe(60_000);
    expect(loadConfig({ STANDING_CHECK_MS: '500' }).standingCheckMs).toBe(500);
    expect(() => loadConfig({ STANDING_CHECK_MS: '60001' })).toThrow(/STANDING_CHECK_MS/);
  });
});
