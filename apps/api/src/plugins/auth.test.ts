import { generateKeyPair } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../test/test-app.js';

type App = Awaited<ReturnType<typeof createTestApp>>;
let t: App;
const url = '/api/organisations';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.app.close());
afterEach(() => vi.useRealTimers());

const call = (authorization?: string) =>
  t.app.inject({ method: 'GET', url, headers: authorization ? { authorization } : {} });

describe('token verification', () => {
  it('lets a valid token with the route role through', async () => {
    expect((await call(`Bearer ${await t.sign({ roles: ['EmvoPortalInternal'] })}`)).statusCode).toBe(200);
  });

  it.each([
    ['no Authorization header', async () => undefined, 'UNAUTHORIZED'],
    ['another scheme', async () => 'Basic dXNlcjpwYXNz', 'ERR_AUTHENTICATION'],
    ['a token that is not a JWT', async () => 'Bearer not-a-token', 'ERR_AUTHENTICATION'],
    [
      'an expired token',
      async () =>
        `Bearer ${await t.sign({ roles: ['EmvoPortalInternal'] }, { expiresIn: Math.floor(Date.now() / 1000) - 60 })}`,
      'ERR_AUTHENTICATION',
    ],
    [
      'a token signed by another key',
      async () => {
        const other = await generateKeyPair('RS256');
        return `Bearer ${await t.sign({ roles: ['EmvoPortalInternal'] }, { key: other.privateKey })}`;
      },
      'ERR_AUTHENTICATION',
    ],
    [
      'another audience',
      async () => `Bearer ${await t.sign({ roles: ['EmvoPortalInternal'], aud: 'someone-else' })}`,
      'ERR_AUTHENTICATION',
    ],
    [
      'another issuer',
      async () => `Bearer ${await t.sign({ roles: ['EmvoPortalInternal'], iss: 'https://evil.example/' })}`,
      'ERR_AUTHENTICATION',
    ],
    [
      'another policy in acr (spec §4)',
      async () => `Bearer ${await t.sign({ roles: ['EmvoPortalInternal'], acr: 'b2c_1_reset' })}`,
      'ERR_AUTHENTICATION',
    ],
  ])('answers 401 to %s', async (_case, authorization, code) => {
    const response = await call(await authorization());
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code });
  });

  it('compares acr case-insensitively (MSAL and B2C differ in case)', async () => {
    const token = await t.sign({ roles: ['EmvoPortalInternal'], acr: 'B2C_1_SignIn' });
    expect((await call(`Bearer ${token}`)).statusCode).toBe(200);
  });

  it('refuses a token once it expires, though its signature was checked before', async () => {
    const token = `Bearer ${await t.sign({ roles: ['EmvoPortalInternal'] }, { expiresIn: '5m' })}`;
    expect((await call(token)).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 6 * 60_000);
    expect((await call(token)).statusCode).toBe(401);
  });

  it('answers 403 FORBIDDEN to a valid token without the role', async () => {
    const response = await call(`Bearer ${await t.sign({ roles: ['EmvoPortalExternal'] })}`);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
  });
});
