import { ACCOUNT_TOKEN_PATTERN, REGISTRATION_COMPLETED_TEXT } from '@portal/contracts';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMockHandlers } from './handlers';
import {
  BUSY_EMAIL,
  DEMO_TOKENS,
  MOCK_REGISTRATIONS_KEY,
  MOCK_SIGN_UP_URL,
  type MockMail,
  OUTDATED_EMAIL,
  registrationHandlers,
} from './registration-handlers';

const server = setupServer();
const mails: MockMail[] = [];
/** A fresh page load of mock mode, the mails collected instead of logged. */
const loadMock = () =>
  server.resetHandlers(
    ...registrationHandlers({ delayMs: 0, newId: () => 'unused' }, { onMail: (mail) => mails.push(mail) }),
  );
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
// Fresh demo data for every test: test/setup.ts clears the session storage after each.
beforeEach(() => {
  mails.length = 0;
  loadMock();
});
afterAll(() => server.close());

async function call(path: string, init: RequestInit = {}) {
  const response = await fetch(new URL(path, location.origin), init);
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
}

const post = (path: string, body?: unknown) =>
  call(path, {
    method: 'POST',
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });

const token = (value: string) => `/api/account-tokens/${value}`;
const tokenOf = (mail: MockMail | undefined) =>
  new URLSearchParams(mail?.link.split('?')[1]).get('token') ?? '';

const REGISTRATION = {
  email: 'jane.doe@example.com',
  firstName: 'Jane',
  lastName: 'Doe',
  companyName: 'Doe Pharma',
  orgType: 'PD',
  disclaimerVersion: 1,
  acceptsDisclaimer: true,
};

describe('mock mode registration (the API answers of /api/registrations and /api/account-tokens)', () => {
  it('demo links are shaped like real tokens (43 base64url characters)', () => {
    for (const value of Object.values(DEMO_TOKENS)) expect(value).toMatch(ACCOUNT_TOKEN_PATTERN);
  });

  it('is part of every mock-mode handler', async () => {
    server.resetHandlers(...createMockHandlers({ delayMs: 0 }));
    expect(await call('/api/disclaimers/REGISTRATION')).toMatchObject({ status: 200, body: { version: 1 } });
  });

  it('GET /api/disclaimers/REGISTRATION: the published terms, public', async () => {
    expect(await call('/api/disclaimers/REGISTRATION')).toEqual({
      status: 200,
      body: expect.objectContaining({ type: 'REGISTRATION', version: 1, requiresAcceptance: true }),
    });
  });

  it('POST /api/registrations: 202, and the confirmation link mailed; the same answer for a known address', async () => {
    expect(await post('/api/registrations', REGISTRATION)).toMatchObject({ status: 202 });
    expect(mails).toEqual([{ to: REGISTRATION.email, link: expect.stringMatching(/^\/confirm\?token=/) }]);
    expect(tokenOf(mails[0])).toMatch(ACCOUNT_TOKEN_PATTERN);
    const info = await call(token(tokenOf(mails[0])));
    expect(info.body).toMatchObject({
      purpose: 'CONFIRM_REGISTRATION',
      firstName: 'Jane',
      accountMode: 'local',
    });

    expect(await post('/api/registrations', REGISTRATION)).toMatchObject({ status: 202 });
    // A new link replaced the first one.
    expect(await call(token(tokenOf(mails[0])))).toMatchObject({ status: 400, body: { code: '405' } });
    expect((await call(token(tokenOf(mails[1])))).status).toBe(200);
  });

  it("keeps its registrations in the tab's session storage: a link pasted into the address bar still works", async () => {
    await post('/api/registrations', REGISTRATION);
    loadMock();
    expect((await call(token(tokenOf(mails[0])))).status).toBe(200);
    expect(sessionStorage.getItem(MOCK_REGISTRATIONS_KEY)).toContain(REGISTRATION.email);
  });

  it('POST /api/registrations refusals: fields (400 list), terms not accepted, outdated terms, too many', async () => {
    const invalid = await post('/api/registrations', {
      ...REGISTRATION,
      email: 'nope',
      acceptsDisclaimer: false,
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toEqual([
      expect.objectContaining({ code: 'INVALID_FIELD', field: 'email' }),
      expect.objectContaining({ code: 'INVALID_FIELD', field: 'acceptsDisclaimer' }),
    ]);
    expect(await post('/api/registrations', { ...REGISTRATION, disclaimerVersion: 7 })).toMatchObject({
      status: 409,
      body: { code: 'DISCLAIMER_OUTDATED' },
    });
    expect(await post('/api/registrations', { ...REGISTRATION, email: BUSY_EMAIL })).toMatchObject({
      status: 429,
      body: { code: 'TOO_MANY_REQUESTS' },
    });
    expect(mails).toEqual([]);
  });

  it(`${OUTDATED_EMAIL} publishes new terms once: 409, then the new version is accepted`, async () => {
    const outdated = { ...REGISTRATION, email: OUTDATED_EMAIL };
    expect((await post('/api/registrations', outdated)).status).toBe(409);
    expect(await call('/api/disclaimers/REGISTRATION')).toMatchObject({ body: { version: 2 } });
    expect((await post('/api/registrations', { ...outdated, disclaimerVersion: 2 })).status).toBe(202);
  });

  it('GET /api/account-tokens/{token}: whose link, how the account is made', async () => {
    expect(await call(token(DEMO_TOKENS.confirm))).toEqual({
      status: 200,
      body: {
        purpose: 'CONFIRM_REGISTRATION',
        email: 'anna.jansen@example.com',
        firstName: 'Anna',
        companyName: 'Jansen Pharma BV',
        accountMode: 'local',
        signUpUrl: null,
      },
    });
    expect(await call(token(DEMO_TOKENS.b2c))).toMatchObject({
      body: { accountMode: 'b2c', signUpUrl: MOCK_SIGN_UP_URL },
    });
    expect(await call(token(DEMO_TOKENS.invitation))).toMatchObject({
      body: { purpose: 'INVITATION', companyName: 'Jansen Pharma BV' },
    });
  });

  it.each([
    ['unknown', 'x'.repeat(43), '105'],
    ['expired', DEMO_TOKENS.expired, '301'],
    ['used', DEMO_TOKENS.used, '405'],
  ])('spec §8: an %s link is 400 %s, on GET and on use', async (_kind, value, code) => {
    expect(await call(token(value))).toMatchObject({ status: 400, body: { code } });
    expect(await post(`${token(value)}/use`, { password: 'Secret#2025' })).toMatchObject({
      status: 400,
      body: { code },
    });
  });

  it('a malformed token is unknown (105), as at the API (contracts accountTokenParams)', async () => {
    expect(await call(token('short'))).toMatchObject({ status: 400, body: { code: '105' } });
  });

  it("POST use: local mode needs a password meeting B2C's rule; then the link is used", async () => {
    const use = `${token(DEMO_TOKENS.confirm)}/use`;
    expect(await post(use, {})).toMatchObject({ status: 400, body: [{ field: 'password' }] });
    expect(await post(use, { password: 'weak' })).toMatchObject({
      status: 400,
      body: [{ field: 'password' }],
    });
    expect(await post(use, { password: 'Secret#2025' })).toEqual({
      status: 200,
      body: { email: 'anna.jansen@example.com', accountMode: 'local' },
    });
    expect(await call(token(DEMO_TOKENS.confirm))).toMatchObject({ status: 400, body: { code: '405' } });
    // Completed: no new link any more.
    expect(await post(`${token(DEMO_TOKENS.expired)}/resend`)).toMatchObject({
      status: 400,
      body: { code: 'REGISTRATION_COMPLETED', message: REGISTRATION_COMPLETED_TEXT },
    });
  });

  it('POST resend: an expired link gets a new one (202) that works, and earlier ones stop', async () => {
    expect(await post(`${token(DEMO_TOKENS.expired)}/resend`)).toMatchObject({ status: 202 });
    expect(mails).toHaveLength(1);
    expect((await call(token(tokenOf(mails[0])))).status).toBe(200);
    expect(await call(token(DEMO_TOKENS.confirm))).toMatchObject({ status: 400, body: { code: '405' } });
  });

  it('POST resend: the completed text once the registration is completed; 105 for an unknown link', async () => {
    expect(await post(`${token(DEMO_TOKENS.completed)}/resend`)).toEqual({
      status: 400,
      body: { code: 'REGISTRATION_COMPLETED', message: REGISTRATION_COMPLETED_TEXT },
    });
    expect(await post(`${token('x'.repeat(43))}/resend`)).toMatchObject({
      status: 400,
      body: { code: '105' },
    });
    expect(mails).toEqual([]);
  });
});
