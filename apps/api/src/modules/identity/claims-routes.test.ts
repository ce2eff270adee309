import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_CONNECTOR_SECRET } from '../../test/test-app.js';

type App = Awaited<ReturnType<typeof createTestApp>>;
let t: App;
const basic = (secret: string) => `Basic ${Buffer.from(`b2c:${secret}`).toString('base64')}`;

beforeAll(async () => {
  t = await createTestApp();
  await t.db
    .insertInto('users')
    .values([
      {
        email: 'Lead@Portal.test',
        displayName: 'Lead',
        roles: ['ADMIN', 'EMVO'],
        externalId: 'oid-lead',
        createdBy: 't',
        updatedBy: 't',
      },
      {
        email: 'gone@portal.test',
        displayName: 'Gone',
        roles: ['EMVO'],
        status: 'DISABLED',
        createdBy: 't',
        updatedBy: 't',
      },
    ])
    .execute();
});
afterAll(() => t.app.close());

const claims = (payload: object, secret = TEST_CONNECTOR_SECRET) =>
  t.app.inject({
    method: 'POST',
    url: '/api/identity/claims',
    payload,
    headers: { authorization: basic(secret) },
  });

describe('POST /api/identity/claims (B2C API connector)', () => {
  it.each([
    ['by object id', { objectId: 'oid-lead' }],
    ['by email, whatever its case', { email: 'lead@portal.TEST' }],
    ['by sign-in name', { signInNames: { emailAddress: 'lead@portal.test' } }],
  ])("answers a user's roles as token claims %s", async (_how, payload) => {
    const response = await claims(payload);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      version: '1.0.0',
      action: 'Continue',
      roles: ['EmvoPortalAdmin', 'EmvoPortalInternal'],
    });
  });

  it.each([
    ['an unknown user', { email: 'nobody@portal.test' }],
    ['a disabled user', { email: 'gone@portal.test' }],
    ['a request naming nobody', {}],
  ])('blocks %s', async (_who, payload) => {
    expect((await claims(payload)).json()).toMatchObject({ action: 'ShowBlockPage' });
  });

  it('refuses a wrong secret, and a bearer token', async () => {
    expect((await claims({ email: 'lead@portal.test' }, 'wrong-secret-wrong-secret')).statusCode).toBe(401);
    const bearer = await t.app.inject({
      method: 'POST',
      url: '/api/identity/claims',
      payload: { email: 'lead@portal.test' },
      headers: await t.bearer('EmvoPortalAdmin'),
    });
    expect(bearer.statusCode).toBe(401);
  });
});
