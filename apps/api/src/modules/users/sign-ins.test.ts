import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.js';

type App = Awaited<ReturnType<typeof createTestApp>>;
let t: App;

beforeAll(async () => {
  t = await createTestApp();
  await t.db
    .insertInto('users')
    .values({
      email: 'rita@portal.test',
      displayName: 'Rita',
      roles: ['EMVO'],
      createdBy: 't',
      updatedBy: 't',
    })
    .execute();
});
afterAll(() => t.app.close());

const rita = () =>
  t.db
    .selectFrom('users')
    .select(['lastLoginAt', 'externalId'])
    .where('email', '=', 'rita@portal.test')
    .executeTakeFirstOrThrow();

describe('recording sign-ins', () => {
  it("records the first authenticated call's token time and links the subject by email", async () => {
    const iat = Math.floor(Date.now() / 1000) - 30;
    const token = await t.sign({
      roles: ['EmvoPortalInternal'],
      sub: 'oid-rita',
      emails: ['Rita@portal.test'],
      iat,
    });
    await t.app.inject({ url: '/api/organisations', headers: { authorization: `Bearer ${token}` } });
    expect(await rita()).toEqual({ lastLoginAt: new Date(iat * 1000), externalId: 'oid-rita' });
  });

  it('moves lastLoginAt on with a newer token, found by subject even when the email changed', async () => {
    const iat = Math.floor(Date.now() / 1000);
    const token = await t.sign({
      roles: ['EmvoPortalInternal'],
      sub: 'oid-rita',
      emails: ['rita.new@portal.test'],
      iat,
    });
    await t.app.inject({ url: '/api/organisations', headers: { authorization: `Bearer ${token}` } });
    expect((await rita()).lastLoginAt).toEqual(new Date(iat * 1000));
  });

  it('leaves an unlinked row with the same email alone once the subject is linked elsewhere', async () => {
    await t.db
      .insertInto('users')
      .values({
        email: 'rita.new@portal.test',
        displayName: 'Rita again',
        roles: ['EMVO'],
        createdBy: 't',
        updatedBy: 't',
      })
      .execute();
    const iat = Math.floor(Date.now() / 1000) + 1;
    const token = await t.sign({
      roles: ['EmvoPortalInternal'],
      sub: 'oid-rita',
      emails: ['rita.new@portal.test'],
      iat,
    });
    const answer = await t.app.inject({
      url: '/api/organisations',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(answer.statusCode).toBe(200);
    expect((await rita()).lastLoginAt).toEqual(new Date(iat * 1000));
    const other = await t.db
      .selectFrom('users')
      .select(['externalId', 'lastLoginAt'])
      .where('email', '=', 'rita.new@portal.test')
      .executeTakeFirstOrThrow();
    expect(other).toEqual({ externalId: null, lastLoginAt: null });
  });
});
