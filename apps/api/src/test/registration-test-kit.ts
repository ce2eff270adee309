import type { RegistrationInput } from '@portal/contracts';
import { sql } from 'kysely';
import { type createTestApp, XSRF_HEADERS } from './test-app.js';

// Test helpers of the registration module: the published disclaimer, registering, reading the mailed
// link from the outbox, and calling the token routes.

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** A password that meets the rule (spec §5). */
export const PASSWORD = 'Secret-Pass1';

/** B2C's URL layout, as a real tenant would be configured. */
export const B2C_CONFIG = { AUTH_INSTANCE: 'https://emvoportal.b2clogin.com' };

let addresses = 0;
/** A client address of its own, so one test's requests do not use up another's rate limit. */
export const freshAddress = () => {
  addresses += 1;
  return `10.1.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
};

let people = 0;
export function registrationInput(overrides: Partial<RegistrationInput> = {}): RegistrationInput {
  people += 1;
  return {
    email: `visitor${people}-${Math.random().toString(36).slice(2, 7)}@company.test`,
    firstName: 'Anna',
    lastName: 'Peeters',
    companyName: 'Pharma Works NV',
    orgType: 'OPM',
    disclaimerVersion: 2,
    acceptsDisclaimer: true,
    ...overrides,
  };
}

/** As the demo seed: REGISTRATION version 1 archived, version 2 published (it asks for acceptance). */
export async function publishRegistrationDisclaimer(t: TestApp): Promise<{ v1: string; v2: string }> {
  const audit = { createdBy: 'seed', updatedBy: 'seed' };
  const rows = await t.db
    .insertInto('disclaimerContents')
    .values([
      {
        type: 'REGISTRATION',
        versionNumber: 1,
        title: 'Registration',
        body: 'Old terms.',
        status: 'ARCHIVED',
        ...audit,
      },
      {
        type: 'REGISTRATION',
        versionNumber: 2,
        title: 'Registration',
        body: 'You act on behalf of the company you name.',
        status: 'PUBLISHED',
        publishedAt: new Date(),
        requiresAcceptance: true,
        ...audit,
      },
    ])
    .returning(['id', 'versionNumber'])
    .execute();
  const idOf = (version: number) => rows.find((row) => row.versionNumber === version)?.id ?? '';
  return { v1: idOf(1), v2: idOf(2) };
}

export const register = (t: TestApp, body: object, remoteAddress = freshAddress()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/registrations',
    payload: body,
    headers: XSRF_HEADERS,
    remoteAddress,
  });

/** The mails to one address, newest first. */
export const mailsTo = (t: TestApp, email: string) =>
  t.db
    .selectFrom('outbox')
    .selectAll()
    .where(sql`lower(to_address)`, '=', email.toLowerCase())
    .orderBy('createdAt', 'desc')
    .execute();

/** The token of the newest link mailed to an address. */
export async function mailedToken(t: TestApp, email: string): Promise<string> {
  const [newest] = await mailsTo(t, email);
  const link = newest?.link;
  if (!link) throw new Error(`No link was mailed to ${email}`);
  const token = new URL(link).searchParams.get('token');
  if (!token) throw new Error(`The link ${link} carries no token`);
  return token;
}

/** Registers a new visitor and answers their input and the mailed token. */
export async function registered(t: TestApp, overrides: Partial<RegistrationInput> = {}) {
  const input = registrationInput(overrides);
  const response = await register(t, input);
  if (response.statusCode !== 202) throw new Error(`Registration answered ${response.statusCode}`);
  return { input, token: await mailedToken(t, input.email) };
}

export const tokenInfo = (t: TestApp, token: string) =>
  t.app.inject({ method: 'GET', url: `/api/account-tokens/${token}` });

export const useToken = (t: TestApp, token: string, body: object = { password: PASSWORD }) =>
  t.app.inject({
    method: 'POST',
    url: `/api/account-tokens/${token}/use`,
    payload: body,
    headers: XSRF_HEADERS,
  });

export const resend = (t: TestApp, token: string, remoteAddress = freshAddress()) =>
  t.app.inject({
    method: 'POST',
    url: `/api/account-tokens/${token}/resend`,
    headers: XSRF_HEADERS,
    remoteAddress,
  });

export const registrationOf = (t: TestApp, email: string) =>
  t.db.selectFrom('registrations').selectAll().where('email', '=', email).executeTakeFirstOrThrow();

export const userOf = (t: TestApp, email: string) =>
  t.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
