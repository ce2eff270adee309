import type { Config } from '@portal/api/config';
import type { Database } from '@portal/api/node/database';
import { DEMO_PASSWORD } from '@portal/api/seed/demo-seed';
import { PASSWORD_RULE_MESSAGE } from '@portal/domain';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANCELLED_DESCRIPTION } from './interactions.js';
import type { StartedLocalIdp } from './local-idp.js';
import { escapeHtml, MESSAGES } from './pages.js';
import { policyEndpoints } from './policy-endpoints.js';
import { CODE_REQUESTS_PER_HOUR, CODE_TTL_MS } from './reset-codes.js';
import { addAccount } from './test/accounts.js';
import { authorizeRequest, redirectParams } from './test/browser.js';
import { startTestIdp } from './test/fixture.js';
import { interactionPath, mailedCode, mailsTo, requestCode, submitCode } from './test/password-reset-flow.js';
import { type Opened, type PolicyClient, policyClient } from './test/policy-client.js';

let config: Config;
let database: Database;
let idp: StartedLocalIdp;
let client: PolicyClient;
/** The provider's clock for codes and locks: moved by the tests instead of waiting. */
let now = Date.now();

beforeAll(async () => {
  ({ config, database, idp } = await startTestIdp({ now: () => now }));
  client = policyClient(config);
});
afterAll(async () => {
  await idp.close();
  await database.close();
});

const resetPolicy = () => config.auth.resetPolicy;
const NEW_PASSWORD = 'New-password-1';
let accounts = 0;

/** A fresh active account (password: the demo password), so each test starts from a known state. */
async function newAccount(): Promise<string> {
  accounts += 1;
  const email = `reset-${accounts}@portal.test`;
  await addAccount(database.db, email);
  return email;
}

const passwordHashOf = async (email: string) =>
  (
    await database.db
      .selectFrom('users')
      .select('passwordHash')
      .where('email', '=', email)
      .executeTakeFirstOrThrow()
  ).passwordHash;

const alertOf = (message: string) => `<div role="alert" id="error">${escapeHtml(message)}</div>`;
const signsIn = async (email: string, password: string) => {
  const page = await client.submit(await client.openPolicy(config.auth.loginPolicy), {
    signInName: email,
    password,
  });
  return page.url.startsWith(`${config.publicUrl}/redirect.html`);
};
/** Another 6-digit code than the mailed one. */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function codePage(email: string): Promise<Opened> {
  return requestCode(client, await client.openPolicy(resetPolicy()), email);
}

describe('the reset policy: step 1, the address', () => {
  it("asks for the address only, with B2C's ids", async () => {
    const { page } = await client.openPolicy(resetPolicy(), { loginHint: 'someone@portal.test' });
    expect(page.body).toContain('<h1>Reset your password</h1>');
    for (const fragment of [
      '<label for="email">Email Address</label>',
      'id="email" name="email" type="email"',
      'value="someone@portal.test"',
      '<button id="emailVerificationControl_but_send_code" class="primary" type="submit">Send verification code</button>',
      'id="cancel"',
    ]) {
      expect(page.body).toContain(fragment);
    }
    expect(page.body).not.toContain('id="newPassword"');
    expect(page.body).not.toContain('id="verificationCode"');
  });

  it('mails a 6-digit code to an active account and asks for it with the new password', async () => {
    const email = await newAccount();
    const { page } = await codePage(email.toUpperCase());
    expect(page.body).toContain(`<p role="status">${escapeHtml(MESSAGES.codeSent)}</p>`);
    for (const id of [
      'verificationCode',
      'newPassword',
      'reenterPassword',
      'continue',
      'cancel',
      'emailVerificationControl_but_send_new_code',
      'emailVerificationControl_but_change_claims',
    ]) {
      expect(page.body).toContain(`id="${id}"`);
    }
    const mails = await mailsTo(database.db, email);
    expect(mails).toHaveLength(1);
    // To the account's own address, with nothing the person typed in the subject.
    expect(mails[0]).toMatchObject({
      toAddress: email,
      subject: `${config.appName}: your verification code`,
      status: 'PENDING',
      link: null,
    });
    expect(mails[0]?.text).toMatch(/Your code is: \d{6}\n/);
  });

  it.each([
    ['an unknown address', 'nobody-at-all@portal.test', undefined],
    ['a disabled account', 'disabled-reset@portal.test', 'DISABLED'],
    ['an invited account', 'invited-reset@portal.test', 'INVITED'],
  ] as const)('answers %s with the same page, and mails nothing', async (_case, email, status) => {
    if (status) await addAccount(database.db, email, { roles: ['EMVO'], status });
    const known = await newAccount();
    const normalised = async (address: string) => {
      const { page } = await codePage(address);
      return page.body.replaceAll(interactionPath(page.url), '{interaction}').replaceAll(address, '{email}');
    };
    expect(await normalised(email)).toBe(await normalised(known));
    expect(await mailsTo(database.db, email)).toEqual([]);
    expect(await mailsTo(database.db, known)).toHaveLength(1);
  });

  it('escapes what the person typed', async () => {
    const { page } = await codePage('"><script>alert(1)</script>@x.test');
    expect(page.body).not.toContain('<script>alert(1)</script>');
    expect(page.body).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;@x.test"');
  });

  it('limits the codes one address may ask for, whether or not it is an account', async () => {
    for (const email of [await newAccount(), 'nobody-limited@portal.test']) {
      const opened = await client.openPolicy(resetPolicy());
      for (let request = 0; request < CODE_REQUESTS_PER_HOUR; request += 1) {
        expect((await requestCode(client, opened, email)).page.body).toContain(MESSAGES.codeSent);
      }
      const refused = await requestCode(client, opened, email.toUpperCase());
      expect(refused.page.body).toContain(alertOf(MESSAGES.codeThrottled));
      expect(refused.page.body).not.toContain(MESSAGES.codeSent);
    }
  });
});

describe('the reset policy: step 2, the mailed code and the new password', () => {
  it('changes the password only with the mailed code, and ends signed in with a reset-policy token', async () => {
    const email = await newAccount();
    const before = await passwordHashOf(email);
    const opened = await codePage(email);
    const code = await mailedCode(database.db, email);

    const refused = await submitCode(client, opened, wrong(code), NEW_PASSWORD);
    expect(refused.body).toContain(alertOf(MESSAGES.wrongCode));
    expect(await passwordHashOf(email)).toBe(before);

    const back = await submitCode(client, opened, code, NEW_PASSWORD);
    const tokens = await client.redeem(opened, back.url, resetPolicy());
    expect(tokens.response.status).toBe(200);
    const accessToken = tokens.body.access_token ?? '';
    const keys = createRemoteJWKSet(new URL(policyEndpoints(config, resetPolicy()).jwks_uri));
    const audience = config.auth.audience;
    const { payload } = await jwtVerify(accessToken, keys, {
      issuer: policyEndpoints(config, resetPolicy()).issuer,
      audience,
    });
    expect(payload).toMatchObject({
      acr: 'b2c_1_reset',
      tfp: 'b2c_1_reset',
      emails: [email],
      roles: ['EmvoPortalInternal'],
    });
    // The API accepts only the login policy's tokens (spec §4: the SPA signs out and in again).
    await expect(jwtVerify(accessToken, keys, { issuer: config.auth.issuer, audience })).rejects.toThrow();

    expect(await signsIn(email, DEMO_PASSWORD)).toBe(false);
    expect(await signsIn(email, NEW_PASSWORD)).toBe(true);
    const userId = (
      await database.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()
    ).id;
    const audit = await database.db
      .selectFrom('auditLog')
      .select(['action', 'actor'])
      .where('entityId', '=', userId)
      .execute();
    expect(audit).toContainEqual({ action: 'PASSWORD_RESET', actor: email });
  });

  it('refuses a reset without a code asked for in this interaction, also with a code mailed for another', async () => {
    const email = await newAccount();
    const before = await passwordHashOf(email);
    await codePage(email);
    const code = await mailedCode(database.db, email);
    const other = await client.openPolicy(resetPolicy());
    const fields = {
      email,
      verificationCode: code,
      newPassword: NEW_PASSWORD,
      reenterPassword: NEW_PASSWORD,
    };
    const page = await client.submit(other, fields, `${interactionPath(other.page.url)}/reset`);
    expect(page.response.status).toBe(200);
    expect(page.body).toContain(alertOf(MESSAGES.codeExpired));
    expect(page.body).toContain('id="emailVerificationControl_but_send_code"');
    expect(await passwordHashOf(email)).toBe(before);
  });

  it('spends the code after three wrong ones: a new code must be asked for', async () => {
    const email = await newAccount();
    const before = await passwordHashOf(email);
    const opened = await codePage(email);
    const code = await mailedCode(database.db, email);
    for (const attempt of [1, 2]) {
      const page = await submitCode(client, opened, wrong(code), NEW_PASSWORD);
      expect(page.body, `attempt ${attempt}`).toContain(alertOf(MESSAGES.wrongCode));
    }
    const third = await submitCode(client, opened, wrong(code), NEW_PASSWORD);
    expect(third.body).toContain(alertOf(MESSAGES.codeSpent));
    expect(third.body).toContain('id="emailVerificationControl_but_send_code"');
    const late = await submitCode(client, opened, code, NEW_PASSWORD);
    expect(late.body).toContain(alertOf(MESSAGES.codeExpired));
    expect(await passwordHashOf(email)).toBe(before);

    // "Send verification code" again: a new code works.
    const again = await requestCode(client, { ...opened, page: third }, email);
    const done = await submitCode(client, again, await mailedCode(database.db, email), NEW_PASSWORD);
    expect(redirectParams(done.url).get('code')).toEqual(expect.any(String));
  });

  it('checks the password rule and the repeated password before the code, without using up a try', async () => {
    const email = await newAccount();
    const opened = await codePage(email);
    const code = await mailedCode(database.db, email);
    const weak = await submitCode(client, opened, code, 'alllowercase1!');
    expect(weak.body).toContain(alertOf(PASSWORD_RULE_MESSAGE));
    const differ = await client.submit(opened, {
      verificationCode: code,
      newPassword: NEW_PASSWORD,
      reenterPassword: 'New-password-2',
    });
    expect(differ.body).toContain(alertOf(MESSAGES.passwordsDiffer));
    for (const _attempt of [1, 2]) {
      expect((await submitCode(client, opened, wrong(code), NEW_PASSWORD)).body).toContain(
        alertOf(MESSAGES.wrongCode),
      );
    }
    const done = await submitCode(client, opened, code, NEW_PASSWORD);
    expect(redirectParams(done.url).get('code')).toEqual(expect.any(String));
  });

  it('refuses a code after ten minutes', async () => {
    const email = await newAccount();
    const before = await passwordHashOf(email);
    const opened = await codePage(email);
    const code = await mailedCode(database.db, email);
    now += CODE_TTL_MS;
    const page = await submitCode(client, opened, code, NEW_PASSWORD);
    expect(page.body).toContain(alertOf(MESSAGES.codeExpired));
    expect(await passwordHashOf(email)).toBe(before);
  });

  it('answers a code for an address without an account as a wrong code', async () => {
    const opened = await codePage('nobody-guessing@portal.test');
    const page = await submitCode(client, opened, '123456', NEW_PASSWORD);
    expect(page.body).toContain(alertOf(MESSAGES.wrongCode));
  });

  it('shows its page again on the next visit, as B2C does, and Cancel returns AADB2C90091', async () => {
    const email = await newAccount();
    const opened = await codePage(email);
    await submitCode(client, opened, await mailedCode(database.db, email), NEW_PASSWORD);
    const again = await opened.browser.navigate(authorizeRequest(config, resetPolicy()).url);
    expect(again.body).toContain('<h1>Reset your password</h1>');
    const back = await client.submit({ ...opened, page: again }, {}, `${again.url}/cancel`);
    expect(redirectParams(back.url).get('error_description')).toBe(CANCELLED_DESCRIPTION);
  });
});
