import { REGISTRATION_COMPLETED_TEXT } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueAccountToken } from '../../accounts/account-tokens.js';
import { assistant, createCompany } from '../../test/onboarding-test-kit.js';
import {
  B2C_CONFIG,
  mailedToken,
  publishRegistrationDisclaimer,
  registered,
  registrationOf,
  resend,
  type TestApp,
  tokenInfo,
  userOf,
  useToken,
} from '../../test/registration-test-kit.js';
import { stepCalls } from '../../test/steps-test-kit.js';
import { createTestApp, TEST_CONNECTOR_SECRET } from '../../test/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ config: B2C_CONFIG });
  await publishRegistrationDisclaimer(t);
});
afterAll(() => t.app.close());

/** What Azure AD B2C's API connector sends at a sign-in (accounts/account-linking.ts links by email). */
const signIn = (objectId: string, email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/identity/claims',
    payload: { objectId, email },
    headers: { authorization: `Basic ${Buffer.from(`b2c:${TEST_CONNECTOR_SECRET}`).toString('base64')}` },
  });

const organisationsBy = (email: string) =>
  t.db.selectFrom('organisations').select('id').where('createdBy', '=', email).execute();

describe('B2C (AUTH_INSTANCE https://emvoportal.b2clogin.com): the account is made at B2C', () => {
  it("answers accountMode b2c with the login policy's authorize URL, the email as login hint", async () => {
    const { input, token } = await registered(t);
    const info = (await tokenInfo(t, token)).json();
    expect(info).toMatchObject({ purpose: 'CONFIRM_REGISTRATION', email: input.email, accountMode: 'b2c' });
    const url = new URL(info.signUpUrl);
    expect(`${url.origin}${url.pathname}`).toBe(
      `https://emvoportal.b2clogin.com/emvoportal.onmicrosoft.com/${t.config.auth.loginPolicy}/oauth2/v2.0/authorize`,
    );
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: t.config.auth.clientId,
      response_type: 'code',
      redirect_uri: `${t.config.publicUrl}/redirect.html`,
      scope: expect.stringContaining('openid'),
      login_hint: input.email,
      code_challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      code_challenge_method: 'S256',
    });
  });

  it('confirms without a password: organisation and user made, the user INVITED, the registration CONFIRMED', async () => {
    const { input, token } = await registered(t);
    const response = await useToken(t, token, {});
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ email: input.email, accountMode: 'b2c' });
    const user = await userOf(t, input.email);
    expect(user).toMatchObject({
      status: 'INVITED',
      passwordHash: null,
      externalId: null,
      roles: ['EXTERNAL'],
    });
    expect(await registrationOf(t, input.email)).toMatchObject({
      status: 'CONFIRMED',
      userId: user?.id,
      organisationId: user?.organisationId,
    });
    expect(await organisationsBy(input.email)).toHaveLength(1);
    expect((await useToken(t, token, {})).json()).toMatchObject({ code: '405' });
  });

  it('links the B2C account at the first sign-in: externalId set, user ACTIVE, registration COMPLETED', async () => {
    const { input, token } = await registered(t);
    await useToken(t, token, {});
    const response = await signIn('b2c-object-1', input.email.toUpperCase());
    expect(response.json()).toEqual({ version: '1.0.0', action: 'Continue', roles: ['EmvoPortalExternal'] });
    const user = await userOf(t, input.email);
    expect(user).toMatchObject({ externalId: 'b2c-object-1', status: 'ACTIVE' });
    expect((await registrationOf(t, input.email)).status).toBe('COMPLETED');
    const audit = await t.db
      .selectFrom('auditLog')
      .select(['action', 'entity', 'diff'])
      .where('action', 'in', ['LINK_ACCOUNT', 'COMPLETE'])
      .where('actor', '=', input.email)
      .execute();
    expect(audit).toEqual(
      expect.arrayContaining([
        {
          action: 'LINK_ACCOUNT',
          entity: 'user',
          diff: { externalId: { from: null, to: 'b2c-object-1' }, status: { from: 'INVITED', to: 'ACTIVE' } },
        },
        expect.objectContaining({ action: 'COMPLETE', entity: 'registration' }),
      ]),
    );
    // spec §8: after completion a resend answers the server text.
    expect((await resend(t, token)).json()).toEqual({
      code: 'REGISTRATION_COMPLETED',
      message: REGISTRATION_COMPLETED_TEXT,
      requestId: expect.any(String),
    });
    // The next sign-ins find the user by object id and change nothing.
    expect((await signIn('b2c-object-1', 'someone-else@company.test')).json()).toMatchObject({
      action: 'Continue',
    });
    expect((await userOf(t, input.email))?.version).toBe(user?.version);
  });

  it('resends to a confirmed person who has not signed up yet; the new link makes nothing twice', async () => {
    const { input, token } = await registered(t);
    await useToken(t, token, {});
    expect((await resend(t, token)).statusCode).toBe(202);
    const fresh = await mailedToken(t, input.email);
    expect((await tokenInfo(t, fresh)).json()).toMatchObject({ accountMode: 'b2c' });
    expect((await useToken(t, fresh, {})).json()).toEqual({ email: input.email, accountMode: 'b2c' });
    expect(await organisationsBy(input.email)).toHaveLength(1);
    expect((await registrationOf(t, input.email)).status).toBe('CONFIRMED');
  });

  it('leaves an invited user INVITED on use, until the first sign-in links the account', async () => {
    const user = await t.db
      .insertInto('users')
      .values({
        email: 'assistant@company.test',
        displayName: 'Assistant',
        roles: ['EXTERNAL'],
        status: 'INVITED',
        createdBy: 't',
        updatedBy: 't',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const token = await issueAccountToken(t.db, { purpose: 'INVITATION', userId: user.id });
    expect((await tokenInfo(t, token)).json()).toMatchObject({ purpose: 'INVITATION', accountMode: 'b2c' });
    expect((await useToken(t, token, { password: 'Ignored-Pass1' })).json()).toEqual({
      email: 'assistant@company.test',
      accountMode: 'b2c',
    });
    expect(await userOf(t, 'assistant@company.test')).toMatchObject({
      status: 'INVITED',
      passwordHash: null,
    });
    await signIn('b2c-object-2', 'assistant@company.test');
    expect(await userOf(t, 'assistant@company.test')).toMatchObject({
      status: 'ACTIVE',
      externalId: 'b2c-object-2',
    });
  });

  it('activates a person invited again only once they use the new link, never at a mere sign-in', async () => {
    const people = stepCalls(t);
    const company = await createCompany(t);
    const email = 'returning@b2c.example';
    const invite = async () =>
      people.invite(company.headers, { version: await people.version(company.headers), ...assistant(email) });
    // The first invitation, used, and the first sign-in: linked and ACTIVE.
    expect((await invite()).status).toBe(200);
    await useToken(t, await mailedToken(t, email), {});
    expect((await signIn('b2c-returning', email)).json()).toMatchObject({ action: 'Continue' });
    expect(await userOf(t, email)).toMatchObject({ status: 'ACTIVE', externalId: 'b2c-returning' });

    // The company removes them and invites them again: INVITED, their B2C account still linked.
    expect(
      (await people.removeAssistant(company.headers, await people.version(company.headers))).status,
    ).toBe(200);
    expect((await invite()).status).toBe(200);
    const invited = await userOf(t, email);
    expect(invited).toMatchObject({ status: 'INVITED', externalId: 'b2c-returning' });

    // Signing in accepts nothing: blocked, still INVITED, nothing written.
    for (const payload of [{ objectId: 'b2c-returning', email }, { objectId: 'b2c-returning' }]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/identity/claims',
        payload,
        headers: { authorization: `Basic ${Buffer.from(`b2c:${TEST_CONNECTOR_SECRET}`).toString('base64')}` },
      });
      expect(response.json()).toMatchObject({
        action: 'ShowBlockPage',
        userMessage: expect.stringMatching(/invitation/),
      });
    }
    expect(await userOf(t, email)).toMatchObject({ status: 'INVITED', version: invited?.version });
    expect(
      (await people.get(company.headers)).body.people.find((person) => person.email === email),
    ).toMatchObject({
      status: 'INVITED',
    });

    // Using the new link, then signing in: ACTIVE again.
    expect((await useToken(t, await mailedToken(t, email), {})).statusCode).toBe(200);
    expect((await signIn('b2c-returning', email)).json()).toMatchObject({ action: 'Continue' });
    expect(await userOf(t, email)).toMatchObject({ status: 'ACTIVE', externalId: 'b2c-returning' });
  });

  it('does not activate a first invitee who signs up at B2C before using their link', async () => {
    const people = stepCalls(t);
    const company = await createCompany(t);
    const email = 'eager@b2c.example';
    const version = await people.version(company.headers);
    expect((await people.invite(company.headers, { version, ...assistant(email) })).status).toBe(200);
    expect((await signIn('b2c-eager', email)).json()).toMatchObject({ action: 'ShowBlockPage' });
    expect(await userOf(t, email)).toMatchObject({ status: 'INVITED', externalId: null });
    await useToken(t, await mailedToken(t, email), {});
    expect((await signIn('b2c-eager', email)).json()).toMatchObject({ action: 'Continue' });
    expect(await userOf(t, email)).toMatchObject({ status: 'ACTIVE', externalId: 'b2c-eager' });
  });
});
