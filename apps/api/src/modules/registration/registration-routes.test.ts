import { REGISTRATION_ACCEPTED_TEXT } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freshAddress,
  mailsTo,
  publishRegistrationDisclaimer,
  register,
  registrationInput,
  type TestApp,
} from '../../test/registration-test-kit.js';
import { createTestApp } from '../../test/test-app.js';
import { ADDRESS_LIMIT, EMAIL_LIMIT } from './rate-limits.js';

let t: TestApp;
let disclaimers: { v1: string; v2: string };

beforeAll(async () => {
  t = await createTestApp();
  disclaimers = await publishRegistrationDisclaimer(t);
  await t.db
    .insertInto('users')
    .values(
      ['Owner@Known.test', 'other@known.test'].map((email) => ({
        email,
        displayName: 'Owner',
        roles: ['EXTERNAL' as const],
        createdBy: 't',
        updatedBy: 't',
      })),
    )
    .execute();
});
afterAll(() => t.app.close());

const registrationsOf = (email: string) =>
  t.db.selectFrom('registrations').selectAll().where('email', '=', email).execute();

describe('POST /api/registrations', () => {
  it('stores the registration, its single-use token and the confirmation mail with its link (202)', async () => {
    const input = registrationInput({ orgType: 'PD' });
    const response = await register(t, input);
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ message: REGISTRATION_ACCEPTED_TEXT });

    const [registration] = await registrationsOf(input.email);
    expect(registration).toMatchObject({
      email: input.email,
      firstName: 'Anna',
      lastName: 'Peeters',
      companyName: 'Pharma Works NV',
      orgType: 'PD',
      status: 'PENDING_CONFIRMATION',
      disclaimerContentId: disclaimers.v2,
      resendCount: 0,
      organisationId: null,
      userId: null,
    });
    const tokens = await t.db
      .selectFrom('accountTokens')
      .selectAll()
      .where('registrationId', '=', registration?.id ?? '')
      .execute();
    expect(tokens).toMatchObject([{ purpose: 'CONFIRM_REGISTRATION', usedAt: null }]);
    // domain.md: valid 48 hours.
    const hoursLeft = (new Date(tokens[0]?.expiresAt ?? 0).getTime() - Date.now()) / 3_600_000;
    expect(hoursLeft).toBeGreaterThan(47.9);
    expect(hoursLeft).toBeLessThanOrEqual(48);

    const [mail] = await mailsTo(t, input.email);
    expect(mail?.link).toMatch(new RegExp(`^${t.config.publicUrl}/confirm\\?token=[A-Za-z0-9_-]{43}$`));
    expect(mail?.text).toContain(mail?.link);
    // Anyone may register with any address: the mail repeats none of the company's name, in its subject or
    // its text; the visitor's first name only, quoted.
    expect(mail?.text).not.toContain('Pharma Works');
    expect(mail?.subject).not.toContain('Pharma Works');
    expect(mail?.text).toContain('Hello “Anna”,');
    // Only the token's hash is stored.
    const token = new URL(mail?.link ?? '').searchParams.get('token');
    expect(tokens[0]?.tokenHash).not.toBe(token);

    const audit = await t.db
      .selectFrom('auditLog')
      .selectAll()
      .where('entityId', '=', registration?.id ?? '')
      .execute();
    expect(audit).toMatchObject([{ action: 'CREATE', entity: 'registration', actor: input.email }]);
  });

  it('answers a known address exactly as an unknown one, stores no registration and tells the owner by mail', async () => {
    const unknown = await register(t, registrationInput());
    const known = await register(t, registrationInput({ email: 'owner@KNOWN.test' }));
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.json()).toEqual(unknown.json());
    expect(await registrationsOf('owner@KNOWN.test')).toEqual([]);
    const [mail] = await mailsTo(t, 'owner@known.test');
    expect(mail).toMatchObject({
      subject: expect.stringContaining('you already have an account'),
      link: null,
    });
    expect(mail?.text).toContain('reset your password');
  });

  it('refuses an outdated disclaimer version with 409 DISCLAIMER_OUTDATED, for known and unknown addresses alike', async () => {
    for (const email of ['new-reader@company.test', 'owner@known.test']) {
      const before = (await mailsTo(t, email)).length;
      const response = await register(t, registrationInput({ email, disclaimerVersion: 1 }));
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        code: 'DISCLAIMER_OUTDATED',
        message: expect.any(String),
        requestId: expect.any(String),
      });
      expect(await mailsTo(t, email)).toHaveLength(before);
    }
    expect(await registrationsOf('new-reader@company.test')).toEqual([]);
  });

  it.each([
    ['a missing email', { email: undefined }, 'email'],
    ['a malformed email', { email: 'not-an-address' }, 'email'],
    ['a one-letter first name', { firstName: 'A' }, 'firstName'],
    ['a last name with digits', { lastName: 'Peeters2' }, 'lastName'],
    ['a one-letter company name', { companyName: 'X' }, 'companyName'],
    [
      'a company name on several lines',
      { companyName: 'ACME\n\nSECURITY NOTICE: your account is locked, see https://evil.test' },
      'companyName',
    ],
    ['a company name with a tab', { companyName: 'ACME\tNV' }, 'companyName'],
    ['a company name with a line separator', { companyName: 'ACME\u2028NOTICE' }, 'companyName'],
    ['a first name on two lines', { firstName: 'Anna\nSECURITY NOTICE' }, 'firstName'],
    ['a last name with a control character', { lastName: 'Peeters\u0000' }, 'lastName'],
    ['an unknown organisation type', { orgType: 'WHOLESALER' }, 'orgType'],
    ['terms not accepted', { acceptsDisclaimer: false }, 'acceptsDisclaimer'],
    ['no disclaimer version', { disclaimerVersion: undefined }, 'disclaimerVersion'],
  ])(
    'refuses %s with 400 INVALID_FIELD on that field, storing and mailing nothing',
    async (_case, change, field) => {
      const input = { ...registrationInput(), ...change };
      const response = await register(t, input);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(
        expect.arrayContaining([expect.objectContaining({ code: 'INVALID_FIELD', field })]),
      );
      if (typeof input.email === 'string') {
        expect(await registrationsOf(input.email)).toEqual([]);
        expect(await mailsTo(t, input.email)).toEqual([]);
      }
    },
  );
});

describe('POST /api/registrations: rate limits', () => {
  it(`answers 429 TOO_MANY_REQUESTS after ${ADDRESS_LIMIT.max} requests from one address; other addresses go on`, async () => {
    const address = freshAddress();
    for (let i = 0; i < ADDRESS_LIMIT.max; i += 1) {
      expect((await register(t, registrationInput(), address)).statusCode).toBe(202);
    }
    const input = registrationInput();
    const limited = await register(t, input, address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      code: 'TOO_MANY_REQUESTS',
      message: expect.stringMatching(/try again in \d+ minutes?/),
      requestId: expect.any(String),
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await registrationsOf(input.email)).toEqual([]);
    // Invalid bodies count too: the limit applies before the body is read.
    expect((await register(t, {}, address)).statusCode).toBe(429);
    expect((await register(t, registrationInput())).statusCode).toBe(202);
  });

  it(`answers 429 after ${EMAIL_LIMIT.max} registrations of one address, whatever its case and the client address`, async () => {
    const email = 'flooded@inbox.test';
    const cases = ['flooded@inbox.test', 'Flooded@Inbox.test', 'FLOODED@INBOX.TEST'];
    for (const variant of cases.slice(0, EMAIL_LIMIT.max)) {
      expect((await register(t, registrationInput({ email: variant }))).statusCode).toBe(202);
    }
    const limited = await register(t, registrationInput({ email: ' flooded@inbox.TEST ' }));
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(await mailsTo(t, email)).toHaveLength(EMAIL_LIMIT.max);
    // A known address is limited the same way: the limit tells nothing about accounts.
    for (let i = 0; i < EMAIL_LIMIT.max; i += 1) {
      expect((await register(t, registrationInput({ email: 'other@known.test' }))).statusCode).toBe(202);
    }
    expect((await register(t, registrationInput({ email: 'other@known.test' }))).statusCode).toBe(429);
    expect((await register(t, registrationInput())).statusCode).toBe(202);
  });

  it("keeps its tighter limits to itself: the disclaimer is read more often, under the anonymous routes' limit", async () => {
    for (let i = 0; i <= ADDRESS_LIMIT.max; i += 1) {
      const response = await t.app.inject({ method: 'GET', url: '/api/disclaimers/REGISTRATION' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-ratelimit-limit']).toBe(String(t.config.rateLimitAnonymous));
    }
  });
});
