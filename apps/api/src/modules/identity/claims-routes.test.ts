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
      // Not linked to a B2C account yet: found by email (only such a user is).
      {
        email: 'Boss@Portal.test',
        displayName: 'Boss',
        roles: ['ADMIN', 'EMVO'],
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
      // An external person whose access an administrator or the SPOC revoked: the API refuses every call.
      {
        email: 'revoked@company.test',
        displayName: 'Revoked',
        roles: ['EXTERNAL'],
        access: 'REVOKED',
        externalId: 'oid-revoked',
        createdBy: 't',
        updatedBy: 't',
      },
      {
        email: 'reader@company.test',
        displayName: 'Reader',
        roles: ['EXTERNAL'],
        access: 'READ_ONLY',
        externalId: 'oid-reader',
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
    ['by email, whatever its case (not linked yet)', { email: 'boss@portal.TEST' }],
    ['by sign-in name (not linked yet)', { signInNames: { emailAddress: 'boss@portal.test' } }],
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
    ['an external user whose access is revoked', { objectId: 'oid-revoked' }],
    ['a request naming nobody', {}],
  ])('blocks %s', async (_who, payload) => {
    expect((await claims(payload)).json()).toMatchObject({ action: 'ShowBlockPage' });
  });

  it('lets a read-only external user in (their reads stay open)', async () => {
    expect((await claims({ objectId: 'oid-reader' })).json()).toEqual({
      version: '1.0.0',
      action: 'Continue',
      roles: ['EmvoPortalExternal'],
    });
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

describe('POST /api/identity/claims: linking a B2C account at the first sign-in', () => {
  const userNamed = (email: string) =>
    t.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();

  async function invitedWithRegistration(email: string) {
    const audit = { createdBy: 't', updatedBy: 't' };
    const user = await t.db
      .insertInto('users')
      .values({ email, displayName: 'New Person', roles: ['EXTERNAL'], status: 'INVITED', ...audit })
      .returning('id')
      .executeTakeFirstOrThrow();
    const disclaimer = await t.db
      .insertInto('disclaimerContents')
      .values({ type: 'REGISTRATION', versionNumber: 1, title: 'T', body: 'B', status: 'ARCHIVED', ...audit })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('registrations')
      .values({
        email,
        firstName: 'New',
        lastName: 'Person',
        companyName: 'New Pharma',
        orgType: 'OPM',
        status: 'CONFIRMED',
        disclaimerContentId: disclaimer.id,
        userId: user.id,
        ...audit,
      })
      .execute();
    return user.id;
  }

  it('links an invited user by email: externalId, ACTIVE, the confirmed registration COMPLETED', async () => {
    const userId = await invitedWithRegistration('new@portal.test');
    const response = await claims({ objectId: 'oid-new', email: 'New@Portal.test' });
    expect(response.json()).toEqual({ version: '1.0.0', action: 'Continue', roles: ['EmvoPortalExternal'] });
    expect(await userNamed('new@portal.test')).toMatchObject({
      externalId: 'oid-new',
      status: 'ACTIVE',
      version: 2,
    });
    const registration = await t.db
      .selectFrom('registrations')
      .select('status')
      .where('userId', '=', userId)
      .executeTakeFirstOrThrow();
    expect(registration.status).toBe('COMPLETED');
    // Signing in again changes nothing.
    await claims({ objectId: 'oid-new' });
    expect((await userNamed('new@portal.test')).version).toBe(2);
  });

  it('links an active user without an externalId and leaves them ACTIVE', async () => {
    await t.db
      .insertInto('users')
      .values({
        email: 'active@portal.test',
        displayName: 'A',
        roles: ['EMVO'],
        createdBy: 't',
        updatedBy: 't',
      })
      .execute();
    await claims({ objectId: 'oid-active', email: 'active@portal.test' });
    expect(await userNamed('active@portal.test')).toMatchObject({
      externalId: 'oid-active',
      status: 'ACTIVE',
    });
  });

  it('never moves a user linked to another B2C account, nor links a disabled user', async () => {
    await claims({ objectId: 'oid-other', email: 'lead@portal.test' });
    expect((await userNamed('Lead@Portal.test')).externalId).toBe('oid-lead');
    expect((await claims({ objectId: 'oid-gone', email: 'gone@portal.test' })).json()).toMatchObject({
      action: 'ShowBlockPage',
    });
    expect(await userNamed('gone@portal.test')).toMatchObject({ externalId: null, status: 'DISABLED' });
  });

  it('never hands a linked user’s roles to another identity with the same email', async () => {
    // Lead is linked to oid-lead: another B2C account with Lead's address gets no roles at all.
    const response = await claims({ objectId: 'oid-impostor', email: 'lead@portal.test' });
    expect(response.json()).toMatchObject({ action: 'ShowBlockPage' });
    expect(response.json()).not.toHaveProperty('roles');
    // Nor without an object id: the email alone names only a user who has no account linked yet.
    expect((await claims({ email: 'lead@portal.test' })).json()).toMatchObject({ action: 'ShowBlockPage' });
  });

  it('answers the user linked to the object id before one matching the email', async () => {
    await t.db
      .insertInto('users')
      .values({
        email: 'mail@portal.test',
        displayName: 'M',
        roles: ['EMVO'],
        createdBy: 't',
        updatedBy: 't',
      })
      .execute();
    const response = await claims({ objectId: 'oid-lead', email: 'mail@portal.test' });
    expect(response.json()).toMatchObject({ roles: ['EmvoPortalAdmin', 'EmvoPortalInternal'] });
    expect((await userNamed('mail@portal.test')).externalId).toBeNull();
  });
});
