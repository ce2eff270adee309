import { randomBytes } from 'node:crypto';
import { CONFIRMATION_RESENT_TEXT, REGISTRATION_COMPLETED_TEXT } from '@portal/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueAccountToken } from '../../accounts/account-tokens.js';
import { verifyPassword } from '../../accounts/passwords.js';
import {
  freshAddress,
  mailedToken,
  mailsTo,
  PASSWORD,
  publishRegistrationDisclaimer,
  register,
  registered,
  registrationInput,
  registrationOf,
  resend,
  type TestApp,
  tokenInfo,
  userOf,
  useToken,
} from '../../test/registration-test-kit.js';
import { createTestApp } from '../../test/test-app.js';
import { ADDRESS_LIMIT } from './rate-limits.js';

let t: TestApp;
let disclaimers: { v1: string; v2: string };

beforeAll(async () => {
  t = await createTestApp();
  disclaimers = await publishRegistrationDisclaimer(t);
});
afterAll(() => t.app.close());

const expireTokensOf = (registrationId: string) =>
  t.db
    .updateTable('accountTokens')
    .set({ expiresAt: new Date(Date.now() - 60_000) })
    .where('registrationId', '=', registrationId)
    .execute();

const errorOf = (response: { statusCode: number; json: () => unknown }) => ({
  status: response.statusCode,
  body: response.json(),
});

describe('GET /api/account-tokens/{token} (local provider)', () => {
  it('answers whose a confirmation link is and that a password is chosen here', async () => {
    const { input, token } = await registered(t);
    const response = await tokenInfo(t, token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      purpose: 'CONFIRM_REGISTRATION',
      email: input.email,
      firstName: 'Anna',
      companyName: 'Pharma Works NV',
      accountMode: 'local',
      signUpUrl: null,
    });
  });
});

describe('spec §8 INVALID_CONFIRM_ACCOUNT: unknown 105, expired 301, used 405', () => {
  const unknownToken = randomBytes(32).toString('base64url');

  it.each([
    ['an unknown link', unknownToken],
    ['a malformed link', 'abc'],
  ])('answers %s with 400 code 105, on GET and on use', async (_case, token) => {
    for (const response of [await tokenInfo(t, token), await useToken(t, token)]) {
      expect(errorOf(response)).toEqual({
        status: 400,
        body: { code: '105', message: expect.any(String), requestId: expect.any(String) },
      });
    }
  });

  it('answers an expired link with 400 code 301, on GET and on use', async () => {
    const { input, token } = await registered(t);
    await expireTokensOf((await registrationOf(t, input.email)).id);
    for (const response of [await tokenInfo(t, token), await useToken(t, token)]) {
      expect(errorOf(response)).toEqual({
        status: 400,
        body: { code: '301', message: expect.any(String), requestId: expect.any(String) },
      });
    }
    expect(await userOf(t, input.email)).toBeUndefined();
  });

  it('answers a used link with 400 code 405, on GET and on use', async () => {
    const { token } = await registered(t);
    expect((await useToken(t, token)).statusCode).toBe(200);
    for (const response of [await tokenInfo(t, token), await useToken(t, token)]) {
      expect(errorOf(response)).toEqual({
        status: 400,
        body: { code: '405', message: expect.any(String), requestId: expect.any(String) },
      });
    }
  });
});

describe('POST /api/account-tokens/{token}/use: confirming a registration (local provider)', () => {
  it('creates the organisation, the user, the SPOC contact and the disclaimer acceptance, and completes the registration', async () => {
    const { input, token } = await registered(t, { orgType: 'PD', firstName: 'Jan', lastName: 'De Smet' });
    const response = await useToken(t, token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ email: input.email, accountMode: 'local' });

    const registration = await registrationOf(t, input.email);
    const user = await userOf(t, input.email);
    expect(user).toMatchObject({
      displayName: 'Jan De Smet',
      roles: ['EXTERNAL'],
      obpRole: 'INITIAL_REQUESTER',
      access: 'FULL',
      status: 'ACTIVE',
      externalId: null,
      organisationId: registration.organisationId,
      createdBy: input.email,
    });
    // The local provider signs in against this hash (apps/local-idp checkCredentials).
    expect(await verifyPassword(PASSWORD, user?.passwordHash ?? '')).toBe(true);
    expect(await verifyPassword('Wrong-Pass1', user?.passwordHash ?? '')).toBe(false);

    const organisation = await t.db
      .selectFrom('organisations')
      .selectAll()
      .where('id', '=', registration.organisationId ?? '')
      .executeTakeFirstOrThrow();
    expect(organisation).toMatchObject({
      legalName: 'Pharma Works NV',
      orgType: 'PD',
      stage: 'REGISTERED',
      obpNumber: expect.stringMatching(/^C\d{5}$/),
    });
    const contacts = await t.db
      .selectFrom('contacts')
      .selectAll()
      .where('organisationId', '=', organisation.id)
      .execute();
    expect(contacts).toMatchObject([
      { kind: 'SPOC', firstName: 'Jan', lastName: 'De Smet', email: input.email },
    ]);
    const acceptances = await t.db
      .selectFrom('disclaimerAcceptances')
      .selectAll()
      .where('userId', '=', user?.id ?? '')
      .execute();
    expect(acceptances).toMatchObject([{ disclaimerContentId: disclaimers.v2, at: registration.acceptedAt }]);
    expect(registration).toMatchObject({ status: 'COMPLETED', userId: user?.id, version: 2 });

    const audit = await t.db
      .selectFrom('auditLog')
      .select(['entity', 'action', 'actor'])
      .where('actor', '=', input.email)
      .orderBy('at')
      .orderBy('entity')
      .execute();
    expect(audit.map((row) => `${row.action} ${row.entity}`).sort()).toEqual(
      [
        'CREATE registration',
        'CREATE organisation',
        'CREATE user',
        'CREATE contact',
        'CREATE disclaimerAcceptance',
        'COMPLETE registration',
      ].sort(),
    );
    // Never the password or its hash in the audit log.
    const diffs = JSON.stringify(
      await t.db.selectFrom('auditLog').select('diff').where('actor', '=', input.email).execute(),
    );
    expect(diffs).not.toContain(PASSWORD);
    expect(diffs).not.toContain('scrypt$');
  });

  it('gives each confirmed organisation the next OBP number', async () => {
    const numbers: number[] = [];
    for (let i = 0; i < 2; i += 1) {
      const { input, token } = await registered(t);
      await useToken(t, token);
      const { organisationId } = await registrationOf(t, input.email);
      const { obpNumber } = await t.db
        .selectFrom('organisations')
        .select('obpNumber')
        .where('id', '=', organisationId ?? '')
        .executeTakeFirstOrThrow();
      numbers.push(Number(obpNumber.slice(1)));
    }
    expect(numbers[1]).toBe((numbers[0] ?? 0) + 1);
  });

  it.each([
    ['no password', {}],
    ['a password without a digit', { password: 'Secret-Pass' }],
    ['a password under 8 characters', { password: 'Se-P1' }],
  ])('refuses %s with 400 INVALID_FIELD on password; the link still works', async (_case, body) => {
    const { token } = await registered(t);
    const response = await useToken(t, token, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual([expect.objectContaining({ code: 'INVALID_FIELD', field: 'password' })]);
    expect((await tokenInfo(t, token)).statusCode).toBe(200);
  });

  it('makes everything or nothing: a failure half-way leaves no organisation, no user and a usable link', async () => {
    const { input, token } = await registered(t);
    // The contact's insert fails, after the organisation and the user were written in the transaction.
    await sql`alter table contacts add constraint refuse_for_test check (email <> ${sql.lit(input.email)})`.execute(
      t.db,
    );
    try {
      const response = await useToken(t, token);
      expect(response.statusCode).toBe(500);
      expect(response.json()).toMatchObject({ code: 'DEFAULT_ERROR' });
    } finally {
      await sql`alter table contacts drop constraint refuse_for_test`.execute(t.db);
    }
    expect(await userOf(t, input.email)).toBeUndefined();
    const organisations = await t.db
      .selectFrom('organisations')
      .select('id')
      .where('createdBy', '=', input.email)
      .execute();
    expect(organisations).toEqual([]);
    expect(await registrationOf(t, input.email)).toMatchObject({
      status: 'PENDING_CONFIRMATION',
      userId: null,
    });
    expect((await useToken(t, token)).statusCode).toBe(200);
  });

  it('uses a link clicked twice at once only once: one 200, one 405, one organisation', async () => {
    const { input, token } = await registered(t);
    const responses = await Promise.all([useToken(t, token), useToken(t, token)]);
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 400]);
    const refused = responses.find((response) => response.statusCode === 400);
    expect(refused?.json()).toMatchObject({ code: '405' });
    const organisations = await t.db
      .selectFrom('organisations')
      .select('id')
      .where('createdBy', '=', input.email)
      .execute();
    expect(organisations).toHaveLength(1);
  });

  it('answers 405 to the second of two registrations of one address, once the first made the account', async () => {
    const input = registrationInput();
    await register(t, input);
    const first = await mailedToken(t, input.email);
    await register(t, { ...input, companyName: 'Second Try BV' });
    const second = await mailedToken(t, input.email);
    expect((await useToken(t, first)).statusCode).toBe(200);
    const response = await useToken(t, second);
    expect(errorOf(response)).toEqual({
      status: 400,
      body: {
        code: '405',
        message: expect.stringContaining('has an account already'),
        requestId: expect.any(String),
      },
    });
  });
});

describe('POST /api/account-tokens/{token}/resend', () => {
  it('mails a new working link until completion; the old link then answers 405', async () => {
    const { input, token } = await registered(t);
    const before = await registrationOf(t, input.email);
    const response = await resend(t, token);
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ message: CONFIRMATION_RESENT_TEXT });

    const fresh = await mailedToken(t, input.email);
    expect(fresh).not.toBe(token);
    expect(await mailsTo(t, input.email)).toHaveLength(2);
    expect(errorOf(await tokenInfo(t, token))).toMatchObject({ status: 400, body: { code: '405' } });
    expect((await tokenInfo(t, fresh)).statusCode).toBe(200);
    const after = await registrationOf(t, input.email);
    expect(after.resendCount).toBe(1);
    expect(new Date(after.lastSentAt ?? 0).getTime()).toBeGreaterThanOrEqual(
      new Date(before.lastSentAt ?? 0).getTime(),
    );
    expect((await useToken(t, fresh)).statusCode).toBe(200);
  });

  it('takes a resend and a use at the same moment in turn: no deadlock, one organisation', async () => {
    const { input, token } = await registered(t);
    const [used, resent] = await Promise.all([useToken(t, token), resend(t, token)]);
    expect([200, 400]).toContain(used.statusCode);
    // Either the use came first (the resend then finds the registration completed) or the resend did
    // (the used link was replaced: 405).
    if (used.statusCode === 200) expect(resent.json()).toMatchObject({ code: 'REGISTRATION_COMPLETED' });
    else expect([used.json(), resent.statusCode]).toEqual([expect.objectContaining({ code: '405' }), 202]);
    const organisations = await t.db
      .selectFrom('organisations')
      .select('id')
      .where('createdBy', '=', input.email)
      .execute();
    expect(organisations).toHaveLength(used.statusCode === 200 ? 1 : 0);
  });

  it('resends from an expired link too (that is why one asks again)', async () => {
    const { input, token } = await registered(t);
    await expireTokensOf((await registrationOf(t, input.email)).id);
    expect((await resend(t, token)).statusCode).toBe(202);
    const fresh = await mailedToken(t, input.email);
    expect((await useToken(t, fresh)).statusCode).toBe(200);
  });

  it("answers spec §8's server text once the registration is completed, and mails nothing", async () => {
    const { input, token } = await registered(t);
    await useToken(t, token);
    const response = await resend(t, token);
    expect(errorOf(response)).toEqual({
      status: 400,
      body: {
        code: 'REGISTRATION_COMPLETED',
        message: REGISTRATION_COMPLETED_TEXT,
        requestId: expect.any(String),
      },
    });
    expect(REGISTRATION_COMPLETED_TEXT).toBe('Unable to process: registration status is completed');
    expect(await mailsTo(t, input.email)).toHaveLength(1);
  });

  it('answers an unknown link with 400 code 105', async () => {
    const response = await resend(t, randomBytes(32).toString('base64url'));
    expect(errorOf(response)).toEqual({
      status: 400,
      body: { code: '105', message: expect.any(String), requestId: expect.any(String) },
    });
  });

  it(`answers 429 after ${ADDRESS_LIMIT.max} resends from one address; another address may still resend`, async () => {
    const { input, token } = await registered(t);
    const address = freshAddress();
    for (let i = 0; i < ADDRESS_LIMIT.max; i += 1) {
      // The first link still names the registration after it was replaced.
      expect((await resend(t, token, address)).statusCode).toBe(202);
    }
    const limited = await resend(t, token, address);
    expect(errorOf(limited)).toEqual({
      status: 429,
      body: { code: 'TOO_MANY_REQUESTS', message: expect.any(String), requestId: expect.any(String) },
    });
    expect((await registrationOf(t, input.email)).resendCount).toBe(ADDRESS_LIMIT.max);
    expect((await resend(t, token)).statusCode).toBe(202);
  });
});

describe('invitations (a person invited by their company or by an administrator)', () => {
  async function invited(options: { organisation?: boolean; status?: 'INVITED' | 'DISABLED' } = {}) {
    const audit = { createdBy: 'inviter@portal.test', updatedBy: 'inviter@portal.test' };
    const tag = Math.random().toString(36).slice(2, 8);
    const organisation = options.organisation
      ? await t.db
          .insertInto('organisations')
          .values({
            obpNumber: `C9${tag.length}${String(Math.floor(Math.random() * 999)).padStart(3, '0')}`,
            legalName: 'Invited Pharma SA',
            orgType: 'OPM',
            stage: 'INFORMATION',
            ...audit,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      : undefined;
    const user = await t.db
      .insertInto('users')
      .values({
        email: `invited-${tag}@company.test`,
        displayName: 'Marie Dubois',
        roles: organisation ? ['EXTERNAL'] : ['EMVO'],
        organisationId: organisation?.id ?? null,
        obpRole: organisation ? 'SPOC_ASSISTANT' : null,
        status: options.status ?? 'INVITED',
        ...audit,
      })
      .returning(['id', 'email'])
      .executeTakeFirstOrThrow();
    const token = await issueAccountToken(t.db, { purpose: 'INVITATION', userId: user.id });
    return { ...user, token };
  }

  it("answers an invitation's info from the user and their organisation", async () => {
    const { email, token } = await invited({ organisation: true });
    expect((await tokenInfo(t, token)).json()).toEqual({
      purpose: 'INVITATION',
      email,
      firstName: 'Marie Dubois',
      companyName: 'Invited Pharma SA',
      accountMode: 'local',
      signUpUrl: null,
    });
  });

  it('names EMVO as the company of an invited internal user', async () => {
    const { token } = await invited();
    expect((await tokenInfo(t, token)).json()).toMatchObject({ purpose: 'INVITATION', companyName: 'EMVO' });
  });

  it('sets the password and activates the user; the link then answers 405', async () => {
    const { email, token } = await invited({ organisation: true });
    expect((await useToken(t, token)).json()).toEqual({ email, accountMode: 'local' });
    const user = await userOf(t, email);
    expect(user?.status).toBe('ACTIVE');
    expect(await verifyPassword(PASSWORD, user?.passwordHash ?? '')).toBe(true);
    expect(errorOf(await useToken(t, token))).toMatchObject({ status: 400, body: { code: '405' } });
  });

  it('does not open a disabled account: the invitation was withdrawn, on GET and on use', async () => {
    const { email, token } = await invited({ organisation: true, status: 'DISABLED' });
    const withdrawn = {
      status: 400,
      body: { code: 'INVITATION_WITHDRAWN', message: expect.stringContaining('withdrawn') },
    };
    expect(errorOf(await tokenInfo(t, token))).toMatchObject(withdrawn);
    expect(errorOf(await useToken(t, token))).toMatchObject(withdrawn);
    expect((await userOf(t, email))?.status).toBe('DISABLED');
  });

  it('resends no invitation (whoever invited does): 105', async () => {
    const { token } = await invited({ organisation: true });
    expect(errorOf(await resend(t, token))).toMatchObject({ status: 400, body: { code: '105' } });
  });
});
