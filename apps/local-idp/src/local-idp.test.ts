import type { Config } from '@portal/api/config';
import type { Database } from '@portal/api/node/database';
import { DEMO_PASSWORD } from '@portal/api/seed/demo-seed';
import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANCELLED_DESCRIPTION, FORGOT_PASSWORD_DESCRIPTION } from './interactions.js';
import type { StartedLocalIdp } from './local-idp.js';
import { escapeHtml, MESSAGES } from './pages.js';
import { policyEndpoints } from './policy-endpoints.js';
import { addAccount, type Standing } from './test/accounts.js';
import { authorizeRequest, type Browser, formAction, hiddenInputs, redirectParams } from './test/browser.js';
import { SPA_ORIGIN, startTestIdp } from './test/fixture.js';
import { resetWithMailedCode } from './test/password-reset-flow.js';
import { type PolicyClient, policyClient } from './test/policy-client.js';

let config: Config;
let database: Database;
let idp: StartedLocalIdp;
let client: PolicyClient;

beforeAll(async () => {
  ({ config, database, idp } = await startTestIdp());
  client = policyClient(config);
});
afterAll(async () => {
  await idp.close();
  await database.close();
});

const signinPolicy = () => config.auth.loginPolicy;
const resetPolicy = () => config.auth.resetPolicy;
const endpoints = (policy: string) => policyEndpoints(config, policy);
const keys = (policy: string) => createRemoteJWKSet(new URL(endpoints(policy).jwks_uri));

const openPolicy: PolicyClient['openPolicy'] = (...args) => client.openPolicy(...args);
const submit: PolicyClient['submit'] = (...args) => client.submit(...args);
const tokenCall: PolicyClient['tokenCall'] = (...args) => client.tokenCall(...args);
const redeem: PolicyClient['redeem'] = (...args) => client.redeem(...args);

/** The whole sign-in: form, credentials, code, tokens. */
async function signIn(email: string, password = DEMO_PASSWORD) {
  const opened = await openPolicy(signinPolicy());
  const back = await submit(opened, { signInName: email, password });
  expect(back.url.startsWith(`${config.publicUrl}/redirect.html`), back.body).toBe(true);
  const tokens = await redeem(opened, back.url, signinPolicy());
  expect(tokens.response.status, JSON.stringify(tokens.body)).toBe(200);
  return { opened, tokens: tokens.body, response: tokens.response };
}

async function verifyAccessToken(token: string | undefined) {
  if (!token) throw new Error('no access token');
  const { payload } = await jwtVerify(token, keys(signinPolicy()), {
    issuer: config.auth.issuer,
    audience: config.auth.audience,
    algorithms: ['RS256'],
  });
  return payload;
}

const userId = async (email: string) =>
  (await database.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow())
    .id;

describe('discovery', () => {
  it.each([
    ['login', signinPolicy],
    ['reset', resetPolicy],
  ])("serves the %s policy's endpoints at B2C's path and at oidc-provider's", async (_name, policy) => {
    const expected = endpoints(policy());
    for (const path of ['v2.0/.well-known/openid-configuration', '.well-known/openid-configuration']) {
      const base = expected.issuer.replace(/v2\.0\/$/, '');
      const response = await fetch(`${base}${path}`);
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({
        ...expected,
        code_challenge_methods_supported: ['S256'],
        response_types_supported: ['code'],
      });
    }
  });

  it("matches the API's issuer and key set URL for the login policy", () => {
    expect(endpoints(signinPolicy()).issuer).toBe(config.auth.issuer);
    expect(endpoints(signinPolicy()).jwks_uri).toBe(config.auth.jwksUrl);
  });

  it('answers paths in any case, as B2C does', async () => {
    const url = `${config.auth.instance}/EmvoPortal.onmicrosoft.com/B2C_1_SignIn/v2.0/.well-known/OpenID-Configuration`;
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ issuer: config.auth.issuer });
  });
});

describe('sign-in with the login policy', () => {
  it("shows an accessible form with B2C's element ids", async () => {
    const { page } = await openPolicy(signinPolicy(), { loginHint: 'lead@portal.test' });
    expect(page.response.status).toBe(200);
    expect(page.url).toContain(`/${signinPolicy()}/interaction/`);
    for (const fragment of [
      '<html lang="en">',
      '<h1>Sign in</h1>',
      '<label for="signInName">',
      'id="signInName" name="signInName" type="email"',
      'value="lead@portal.test"',
      '<label for="password">',
      'id="password" name="password" type="password"',
      '<button id="next" class="primary" type="submit">Sign in</button>',
      '<a id="forgotPassword"',
      '>Forgot your password?</a>',
      'id="cancel"',
    ]) {
      expect(page.body).toContain(fragment);
    }
    expect(page.body).not.toContain('<div role="alert"');
  });

  it('names no icon a browser would fetch, and /favicon.ico answers 204, not 404', async () => {
    const { page } = await openPolicy(signinPolicy(), {});
    expect(page.body).toContain('<link rel="icon" href="data:,">');
    const response = await fetch(`${config.auth.instance}/favicon.ico`);
    expect(response.status).toBe(204);
  });

  it('returns a code to the redirect URI, and the SPA origin exchanges it for tokens shaped like B2C', async () => {
    const { opened, tokens, response } = await signIn('lead@portal.test');
    // identity.md: MSAL calls the token endpoint with fetch from the SPA's origin.
    expect(response.headers.get('access-control-allow-origin')).toBe(SPA_ORIGIN);
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 3599 });
    expect(tokens.refresh_token).toEqual(expect.any(String));

    const access = await verifyAccessToken(tokens.access_token);
    expect(access).toMatchObject({
      sub: await userId('lead@portal.test'),
      scp: 'access_as_user',
      roles: ['EmvoPortalAdmin', 'EmvoPortalInternal'],
      name: 'Lena Lead',
      emails: ['lead@portal.test'],
      acr: 'b2c_1_signin',
      tfp: 'b2c_1_signin',
      azp: config.auth.clientId,
    });
    expect(Number(access.exp) - Number(access.iat)).toBe(3599);

    if (!tokens.id_token) throw new Error('no ID token');
    const { payload: id } = await jwtVerify(tokens.id_token, keys(signinPolicy()), {
      issuer: config.auth.issuer,
      audience: config.auth.clientId,
    });
    expect(id).toMatchObject({
      nonce: opened.request.nonce,
      sub: access.sub,
      oid: access.sub,
      acr: 'b2c_1_signin',
      tfp: 'b2c_1_signin',
      name: 'Lena Lead',
      emails: ['lead@portal.test'],
      'signInNames.emailAddress': 'lead@portal.test',
      roles: ['EmvoPortalAdmin', 'EmvoPortalInternal'],
    });
  });

  it('renews with the refresh token although MSAL asks for offline_access again', async () => {
    const { opened, tokens } = await signIn('admin@portal.test');
    const refresh = await tokenCall(signinPolicy(), {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token ?? '',
      scope: opened.request.scope,
    });
    expect(refresh.response.status, JSON.stringify(refresh.body)).toBe(200);
    expect(refresh.body.refresh_token).toEqual(expect.any(String));
    const access = await verifyAccessToken(refresh.body.access_token);
    expect(access).toMatchObject({ roles: ['EmvoPortalAdmin'], scp: 'access_as_user', acr: 'b2c_1_signin' });
  });

  it("allows the SPA's origin at the token endpoint and refuses another", async () => {
    const preflight = await fetch(endpoints(signinPolicy()).token_endpoint, {
      method: 'OPTIONS',
      headers: { origin: SPA_ORIGIN, 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(SPA_ORIGIN);

    const foreign = await tokenCall(
      signinPolicy(),
      { grant_type: 'refresh_token', refresh_token: 'whatever' },
      'http://evil.test',
    );
    expect(foreign.response.status).toBe(400);
    expect(foreign.response.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('signs in a user with no roles (spec §4: the SPA then signs them out)', async () => {
    const { tokens } = await signIn('norole@portal.test');
    expect(await verifyAccessToken(tokens.access_token)).toMatchObject({ roles: [], name: 'Nora Norole' });
  });

  it("reads the users table at every sign-in: an administrator's role change shows in the next token", async () => {
    const before = await verifyAccessToken((await signIn('reviewer@portal.test')).tokens.access_token);
    expect(before.roles).toEqual(['EmvoPortalInternal']);
    await database.db
      .updateTable('users')
      .set({ roles: ['ADMIN', 'EMVO'] })
      .where('email', '=', 'reviewer@portal.test')
      .execute();
    const after = await verifyAccessToken((await signIn('Reviewer@Portal.test')).tokens.access_token);
    expect(after.roles).toEqual(['EmvoPortalAdmin', 'EmvoPortalInternal']);
  });

  it("uses the user's B2C object id (externalId) as the subject once it is known", async () => {
    await database.db
      .updateTable('users')
      .set({ externalId: 'b2c-object-id-1' })
      .where('email', '=', 'admin@portal.test')
      .execute();
    const { opened, tokens } = await signIn('admin@portal.test');
    expect(await verifyAccessToken(tokens.access_token)).toMatchObject({ sub: 'b2c-object-id-1' });
    const refresh = await tokenCall(signinPolicy(), {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token ?? '',
      scope: opened.request.scope,
    });
    expect(await verifyAccessToken(refresh.body.access_token)).toMatchObject({ sub: 'b2c-object-id-1' });
  });
});

describe('sign-in errors', () => {
  it.each([
    ['a wrong password', 'lead@portal.test', 'Wrong-password-1!', MESSAGES.wrongCredentials],
    ['an unknown email', 'nobody@portal.test', DEMO_PASSWORD, MESSAGES.wrongCredentials],
    ['an empty password', 'lead@portal.test', '', MESSAGES.missingPassword],
  ])(
    'shows the form again for %s, with the message in an alert and the email kept',
    async (_case, email, password, message) => {
      const opened = await openPolicy(signinPolicy());
      const page = await submit(opened, { signInName: email, password });
      expect(page.response.status).toBe(200);
      expect(page.body).toContain(`<div role="alert" id="error">${escapeHtml(message)}</div>`);
      expect(page.body).toContain(`value="${email}"`);
      // The same interaction goes on: the right password now signs in.
      const back = await submit(
        { ...opened, page },
        { signInName: 'lead@portal.test', password: DEMO_PASSWORD },
      );
      expect(redirectParams(back.url).get('code')).toEqual(expect.any(String));
    },
  );

  it('escapes what the user typed', async () => {
    const opened = await openPolicy(signinPolicy());
    const page = await submit(opened, { signInName: '"><script>alert(1)</script>', password: 'x' });
    expect(page.body).not.toContain('<script>alert(1)</script>');
    expect(page.body).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
  });

  /** Signs in, with the demo password, a user added with it and `standing`. */
  async function signInAsAddedUser(email: string, standing: Standing) {
    await addAccount(database.db, email, standing);
    return submit(await openPolicy(signinPolicy()), { signInName: email, password: DEMO_PASSWORD });
  }

  it('tells a disabled user (with the right password) that the account is locked', async () => {
    const page = await signInAsAddedUser('gone@portal.test', { roles: ['EMVO'], status: 'DISABLED' });
    expect(page.body).toContain(escapeHtml(MESSAGES.locked));
  });

  // The API refuses every call of an external user whose access is revoked; the claims endpoint
  // blocks them at a B2C sign-in, and so does the local provider.
  it('tells an external user whose access is revoked that the account is locked', async () => {
    const page = await signInAsAddedUser('revoked@company.test', { roles: ['EXTERNAL'], access: 'REVOKED' });
    expect(page.body).toContain(escapeHtml(MESSAGES.locked));
  });

  it.each([
    ['"Forgot your password?"', 'forgot', FORGOT_PASSWORD_DESCRIPTION],
    ['Cancel', 'cancel', CANCELLED_DESCRIPTION],
  ])('%s returns access_denied with the AADB2C code to the SPA', async (_link, action, description) => {
    const opened = await openPolicy(signinPolicy());
    const link = `${opened.page.url}/${action}`;
    const back = action === 'forgot' ? await opened.browser.navigate(link) : await submit(opened, {}, link);
    expect(back.url.startsWith(`${config.publicUrl}/redirect.html`)).toBe(true);
    const params = redirectParams(back.url);
    expect(params.get('error')).toBe('access_denied');
    expect(params.get('error_description')).toBe(description);
    expect(params.get('state')).toBe(opened.request.state);
    const attribute = action === 'forgot' ? 'href' : 'formaction';
    expect(opened.page.body).toContain(`${attribute}="${new URL(link).pathname}"`);
  });
});

describe('logout', () => {
  async function logout(browser: Browser, policy: string, idToken: string) {
    const url = new URL(endpoints(policy).end_session_endpoint);
    url.search = new URLSearchParams({
      id_token_hint: idToken,
      post_logout_redirect_uri: `${config.publicUrl}/`,
      state: 'after-logout',
    }).toString();
    const page = await browser.navigate(url.href);
    // No question asked: the page only submits itself (identity.md #6).
    expect(page.response.status).toBe(200);
    expect(page.body).toContain("document.getElementById('op.logoutForm').submit()");
    expect(page.body).not.toContain('Yes, sign me out');
    return browser.navigate(formAction(page.body, page.url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(hiddenInputs(page.body)).toString(),
    });
  }

  it('ends the session and returns to the post-logout redirect URI given with id_token_hint', async () => {
    const { opened, tokens } = await signIn('lead@portal.test');
    const back = await logout(opened.browser, signinPolicy(), tokens.id_token ?? '');
    expect(back.url).toBe(`${config.publicUrl}/?state=after-logout`);
    // The refresh token belonged to the session.
    const refresh = await tokenCall(signinPolicy(), {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token ?? '',
    });
    expect(refresh.body.error).toBe('invalid_grant');
    // And the next sign-in asks again.
    const next = await opened.browser.navigate(authorizeRequest(config, signinPolicy()).url);
    expect(next.body).toContain('id="signInName"');
  });

  it("accepts at the login policy an ID token of the reset policy (the SPA's sign-out after a reset)", async () => {
    const { opened, back: done } = await resetWithMailedCode(
      client,
      database.db,
      resetPolicy(),
      'external@portal.test',
      'New-password-1',
    );
    const tokens = await redeem(opened, done.url, resetPolicy());
    expect(decodeJwt(tokens.body.id_token ?? '').acr).toBe('b2c_1_reset');
    const back = await logout(opened.browser, signinPolicy(), tokens.body.id_token ?? '');
    expect(back.url).toBe(`${config.publicUrl}/?state=after-logout`);
  });
});
