import type { Config } from '@portal/api/config';
import type { Database } from '@portal/api/node/database';
import { DEMO_PASSWORD } from '@portal/api/seed/demo-seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedLocalIdp } from './local-idp.js';
import { escapeHtml, MESSAGES } from './pages.js';
import {
  createSignInLockout,
  LOCKOUT_MS,
  MAX_FAILED_SIGN_INS,
  MAX_TRACKED_ADDRESSES,
} from './sign-in-lockout.js';
import { addAccount } from './test/accounts.js';
import { startTestIdp } from './test/fixture.js';
import { resetWithMailedCode } from './test/password-reset-flow.js';
import { type PolicyClient, policyClient } from './test/policy-client.js';

let config: Config;
let database: Database;
let idp: StartedLocalIdp;
let client: PolicyClient;
/** The provider's clock for locks: moved by the tests instead of waiting a quarter of an hour. */
let now = Date.now();

beforeAll(async () => {
  ({ config, database, idp } = await startTestIdp({ now: () => now }));
  client = policyClient(config);
});
afterAll(async () => {
  await idp.close();
  await database.close();
});

const WRONG = 'Wrong-password-1!';
let accounts = 0;

async function newAccount(): Promise<string> {
  accounts += 1;
  const email = `lockout-${accounts}@portal.test`;
  await addAccount(database.db, email);
  return email;
}

/** One sign-in through the login policy's form: signed in (a code for the SPA), or the page's alert. */
async function signIn(email: string, password: string) {
  const page = await client.submit(await client.openPolicy(config.auth.loginPolicy), {
    signInName: email,
    password,
  });
  const signedIn = page.url.startsWith(`${config.publicUrl}/redirect.html`);
  const alert = /<div role="alert" id="error">([^<]*)<\/div>/.exec(page.body)?.[1];
  return { signedIn, alert };
}

const refused = (message: string) => ({ signedIn: false, alert: escapeHtml(message) });
const SIGNED_IN = { signedIn: true, alert: undefined };

async function failTimes(email: string, times: number, message: string = MESSAGES.wrongCredentials) {
  for (let attempt = 1; attempt <= times; attempt += 1) {
    expect(await signIn(email, WRONG), `attempt ${attempt}`).toEqual(refused(message));
  }
}

describe('sign-in lockout', () => {
  it('refuses even the right password after five wrong ones, for fifteen minutes, and that account only', async () => {
    const email = await newAccount();
    const other = await newAccount();
    await failTimes(email, MAX_FAILED_SIGN_INS);
    expect(await signIn(email, DEMO_PASSWORD)).toEqual(refused(MESSAGES.temporarilyLocked));
    expect(await signIn(email.toUpperCase(), WRONG)).toEqual(refused(MESSAGES.temporarilyLocked));
    expect(await signIn(other, DEMO_PASSWORD)).toEqual(SIGNED_IN);

    now += LOCKOUT_MS - 1000;
    expect(await signIn(email, DEMO_PASSWORD)).toEqual(refused(MESSAGES.temporarilyLocked));
    now += 1000;
    expect(await signIn(email, DEMO_PASSWORD)).toEqual(SIGNED_IN);
  });

  it('starts the count again after a correct sign-in', async () => {
    const email = await newAccount();
    await failTimes(email, MAX_FAILED_SIGN_INS - 1);
    expect(await signIn(email, DEMO_PASSWORD)).toEqual(SIGNED_IN);
    // Five more wrong passwords are checked (not refused as a ninth in a row), and then the lock holds.
    await failTimes(email, MAX_FAILED_SIGN_INS);
    expect(await signIn(email, DEMO_PASSWORD)).toEqual(refused(MESSAGES.temporarilyLocked));
  });

  it('counts an unknown address the same way, in any case, so the lock tells nothing', async () => {
    const email = 'Nobody-Locked@portal.test';
    for (const [attempt, typed] of [
      email,
      email.toLowerCase(),
      email.toUpperCase(),
      email,
      email,
    ].entries()) {
      expect(await signIn(typed, WRONG), `attempt ${attempt + 1}`).toEqual(
        refused(MESSAGES.wrongCredentials),
      );
    }
    expect(await signIn(email, WRONG)).toEqual(refused(MESSAGES.temporarilyLocked));
  });

  it('is lifted by a password reset with the mailed code', async () => {
    const email = await newAccount();
    await failTimes(email, MAX_FAILED_SIGN_INS);
    expect(await signIn(email, DEMO_PASSWORD)).toEqual(refused(MESSAGES.temporarilyLocked));
    await resetWithMailedCode(client, database.db, config.auth.resetPolicy, email, 'New-password-1');
    expect(await signIn(email, 'New-password-1')).toEqual(SIGNED_IN);
  });
});

describe('a lock holds until it expires, whatever the traffic', () => {
  it('is not pushed out by 10,000 made-up addresses, each failing once or up to a lock of its own', () => {
    let time = 0;
    const lockout = createSignInLockout({ now: () => time });
    for (let attempt = 0; attempt < MAX_FAILED_SIGN_INS; attempt += 1) lockout.attempt('victim@portal.test');
    expect(lockout.attempt('victim@portal.test')).toBe(false);
    for (let flood = 0; flood < 10_000; flood += 1) lockout.attempt(`made-up-${flood}@flood.test`);
    expect(lockout.attempt('victim@portal.test')).toBe(false);

    // Locks of their own fill the map: they stay, and an address it can no longer count is refused.
    for (let flood = 0; flood < MAX_TRACKED_ADDRESSES; flood += 1) {
      for (let attempt = 0; attempt < MAX_FAILED_SIGN_INS; attempt += 1)
        lockout.attempt(`lock-${flood}@flood.test`);
    }
    expect(lockout.attempt('victim@portal.test')).toBe(false);
    expect(lockout.attempt('somebody-new@portal.test')).toBe(false);

    time += LOCKOUT_MS;
    expect(lockout.attempt('victim@portal.test')).toBe(true);
    expect(lockout.attempt('somebody-new@portal.test')).toBe(true);
  });
});
