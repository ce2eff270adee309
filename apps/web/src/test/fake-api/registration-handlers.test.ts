import { ACCOUNT_TOKEN_PATTERN, REGISTRATION_COMPLETED_TEXT } from '@portal/contracts';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMockContext, createMockHandlers } from './handlers';
import type { MockContext } from './mock-http';
import { addDemoLinks, DEMO_TOKENS, externalCompany } from './test-company';

const server = setupServer();
let context: MockContext;
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
// A fresh demo world for every test, with the confirm page's links.
beforeEach(() => {
  context = createMockContext({ delayMs: 0 });
  addDemoLinks(context.db);
  server.resetHandlers(...createMockHandlers({ delayMs: 0, db: context.db }));
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
/** The links mailed so far (the outbox), as their tokens. */
const mailedTokens = () =>
  context.db.outbox.flatMap((mail) =>
    mail.link ? [new URLSearchParams(mail.link.split('?')[1]).get('token') ?? ''] : [],
  );

/** The published REGISTRATION terms' version in the demo world. */
const termsVersion = () =>
  context.db.disclaimerContents.find((row) => row.type === 'REGISTRATION' && row.status === 'PUBLISHED')
    ?.versionNumber;

const registration = () => ({
  email: 'jane.doe@example.com',
  firstName: 'Jane',
  lastName: 'Doe',
  companyName: 'Doe Pharma',
  orgType: 'PD',
  disclaimerVersion: termsVersion(),
  acceptsDisclaimer: true,
});

describe('mock mode registration (/api/registrations and /api/account-tokens over the store)', () => {
  it('the registration terms are the demo world’s published REGISTRATION text', async () => {
    expect(await call('/api/disclaimers/REGISTRATION')).toMatchObject({
      status: 200,
      body: { type: 'REGISTRATION', version: termsVersion(), requiresAcceptance: true },
    });
  });

  it('POST /api/registrations: 202, a pending registration, its audit row and its link in the outbox', async () => {
    expect(await post('/api/registrations', registration())).toMatchObject({ status: 202 });
    expect(context.db.registrations.at(-1)).toMatchObject({
      email: 'jane.doe@example.com',
      status: 'PENDING_CONFIRMATION',
    });
    expect(context.db.auditLog.at(-1)).toMatchObject({
      action: 'CREATE',
      entity: 'registration',
      actor: 'jane.doe@example.com',
    });
    const [mailed] = mailedTokens();
    expect(mailed).toMatch(ACCOUNT_TOKEN_PATTERN);
    expect(await call(token(mailed ?? ''))).toMatchObject({
      status: 200,
      body: {
        purpose: 'CONFIRM_REGISTRATION',
        firstName: 'Jane',
        companyName: 'Doe Pharma',
        accountMode: 'local',
      },
    });
  });

  it('an address that has an account: the same 202, a mail without a link, no registration', async () => {
    const count = context.db.registrations.length;
    expect(
      await post('/api/registrations', { ...registration(), email: 'External@portal.test' }),
    ).toMatchObject({ status: 202 });
    expect(context.db.registrations).toHaveLength(count);
    expect(context.db.outbox.at(-1)).toMatchObject({ toAddress: 'External@portal.test', link: null });
  });

  it('refusals: the fields (400 list), terms not accepted, terms no longer the published ones (409)', async () => {
    const invalid = await post('/api/registrations', {
      ...registration(),
      email: 'nope',
      acceptsDisclaimer: false,
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toEqual([
      expect.objectContaining({ code: 'INVALID_FIELD', field: 'email' }),
      expect.objectContaining({ code: 'INVALID_FIELD', field: 'acceptsDisclaimer' }),
    ]);
    expect(await post('/api/registrations', { ...registration(), disclaimerVersion: 1 })).toMatchObject({
      status: 409,
      body: { code: 'DISCLAIMER_OUTDATED' },
    });
    expect(context.db.outbox).toEqual([]);
  });

  it('GET /api/account-tokens/{token}: a registration’s visitor, or an invited user and their company', async () => {
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
    expect(await call(token(DEMO_TOKENS.invitation))).toMatchObject({
      body: {
        purpose: 'INVITATION',
        firstName: 'Sofia Berg',
        companyName: externalCompany(context.db).organisation.legalName,
      },
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

  it('POST use of a confirmation: a password meeting B2C’s rule, then the company, its Initial Requester and SPOC exist', async () => {
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
    const organisation = context.db.organisations.at(-1);
    expect(organisation).toMatchObject({
      legalName: 'Jansen Pharma BV',
      stage: 'REGISTERED',
      obpNumber: 'C00149',
    });
    expect(context.db.users.at(-1)).toMatchObject({
      email: 'anna.jansen@example.com',
      organisationId: organisation?.id,
      obpRole: 'INITIAL_REQUESTER',
      status: 'ACTIVE',
    });
    expect(context.db.contacts.at(-1)).toMatchObject({ kind: 'SPOC', organisationId: organisation?.id });
    // As the API audits them: each row in the visitor's name, the registration's change as from/to.
    expect(context.db.auditLog.slice(-5).map(({ entity, action, actor }) => [entity, action, actor])).toEqual(
      ['organisation', 'user', 'contact', 'disclaimerAcceptance']
        .map((entity) => [entity, 'CREATE', 'anna.jansen@example.com'])
        .concat([['registration', 'COMPLETE', 'anna.jansen@example.com']]),
    );
    expect(context.db.auditLog.at(-1)?.diff).toMatchObject({
      status: { to: 'COMPLETED' },
      organisationId: { from: null, to: organisation?.id },
    });
    expect(await call(token(DEMO_TOKENS.confirm))).toMatchObject({ status: 400, body: { code: '405' } });
    // Completed: no new link any more.
    expect(await post(`${token(DEMO_TOKENS.expired)}/resend`)).toMatchObject({
      status: 400,
      body: { code: 'REGISTRATION_COMPLETED', message: REGISTRATION_COMPLETED_TEXT },
    });
  });

  it('POST use of an invitation: the invited user is ACTIVE', async () => {
    expect(await post(`${token(DEMO_TOKENS.invitation)}/use`, { password: 'Secret#2025' })).toMatchObject({
      status: 200,
    });
    expect(context.db.users.find((user) => user.email === 'sofia.berg@example.com')?.status).toBe('ACTIVE');
    // apps/api activateLocalAccount's audit row: the password set, never its value.
    expect(context.db.auditLog.at(-1)).toMatchObject({
      actor: 'sofia.berg@example.com',
      action: 'ACTIVATE',
      entity: 'user',
      diff: { status: { from: 'INVITED', to: 'ACTIVE' } },
    });
  });

  it('POST resend: an expired link gets a new one (202) that works, and the earlier ones stop', async () => {
    expect(await post(`${token(DEMO_TOKENS.expired)}/resend`)).toMatchObject({ status: 202 });
    const [mailed] = mailedTokens();
    expect((await call(token(mailed ?? ''))).status).toBe(200);
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
    expect(context.db.outbox).toEqual([]);
  });
});
