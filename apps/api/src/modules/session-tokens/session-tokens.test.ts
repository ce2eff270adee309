import type { OnboardingAnswer, SessionTokenRow } from '@portal/contracts';
import { SESSION_TOKEN_LIFETIME_MS } from '@portal/domain';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCompany,
  createOnboardingTestApp,
  type Headers,
  readyForSessionTokens,
  type TestApp,
  type TestCompany,
} from '../../test/onboarding-test-kit.js';
import { reviewerHeaders } from '../../test/reviews-test-kit.js';

let t: TestApp & { close: () => Promise<void> };
let rita: Headers;
const RITA = 'rita@emvo.test';
const HOUR = 3_600_000;

type Answer = SessionTokenRow & { code?: string; message?: string };
type Page = { items: SessionTokenRow[]; total: number };

beforeAll(async () => {
  t = await createOnboardingTestApp();
  rita = await reviewerHeaders(t, RITA);
});
afterAll(() => t.close());

const result = <T>(response: LightMyRequestResponse) => ({
  status: response.statusCode,
  body: response.json<T>(),
  text: response.body,
});

const list = async (query = '', headers: Headers = rita) =>
  result<Page & { code?: string }>(
    await t.app.inject({ method: 'GET', url: `/api/session-tokens${query}`, headers }),
  );
const issue = async (id: string, payload: object, headers: Headers = rita) =>
  result<Answer>(
    await t.app.inject({ method: 'POST', url: `/api/session-tokens/${id}/issue`, headers, payload }),
  );
const cancel = async (id: string, payload: object, headers: Headers = rita) =>
  result<Answer>(
    await t.app.inject({ method: 'POST', url: `/api/session-tokens/${id}/cancel`, headers, payload }),
  );

/** A company at TECHNICAL_IQE with its SPOC, who hears of every change, ready to request its tokens. */
async function company(name?: string): Promise<TestCompany & { spoc: string }> {
  const created = await createCompany(t, name ? { name } : {});
  await t.db
    .updateTable('organisations')
    .set({ stage: 'TECHNICAL_IQE', email: `info-${created.userId}@company.test` })
    .where('id', '=', created.organisationId)
    .execute();
  const spoc = `spoc-${created.userId}@company.test`;
  await t.db
    .insertInto('contacts')
    .values({
      organisationId: created.organisationId,
      kind: 'SPOC',
      firstName: 'Sara',
      lastName: 'Spoc',
      email: spoc,
      createdBy: 'test',
      updatedBy: 'test',
    })
    .execute();
  await readyForSessionTokens(t, created.organisationId);
  return { ...created, spoc };
}

const onboarding = async (headers: Headers) =>
  result<OnboardingAnswer>(await t.app.inject({ method: 'GET', url: '/api/onboarding', headers })).body;

/** The company's request through its own route: the token's id. */
async function requestToken(headers: Headers, environment = 'IQE'): Promise<{ status: number; id: string }> {
  const version = (await onboarding(headers)).organisation.version;
  const response = result<OnboardingAnswer>(
    await t.app.inject({
      method: 'POST',
      url: `/api/onboarding/technical/${environment}/session-token`,
      headers,
      payload: { version },
    }),
  );
  const tokens = response.status === 200 ? response.body.technical.environments.IQE.tokens : [];
  return { status: response.status, id: tokens[0]?.id ?? '' };
}

const reveal = async (headers: Headers, id: string) =>
  result<{ value: string; code?: string }>(
    await t.app.inject({
      method: 'POST',
      url: `/api/onboarding/technical/session-tokens/${id}/reveal`,
      headers,
    }),
  );

const stored = (id: string) =>
  t.db.selectFrom('sessionTokens').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const auditOf = (id: string) =>
  t.db.selectFrom('auditLog').selectAll().where('entityId', '=', id).orderBy('at').orderBy('id').execute();
const mailsTo = (to: string) =>
  t.db.selectFrom('outbox').selectAll().where('toAddress', '=', to).orderBy('createdAt').execute();
const rowOf = async (id: string) => (await list('?limit=100')).body.items.find((row) => row.id === id);

describe('issue: the value stored encrypted, shown to the company once, then masked', () => {
  it('round-trips through the routes, and the value is in no answer, audit row or mail', async () => {
    const acme = await company('Acme Tokens');
    const { id } = await requestToken(acme.headers);
    const queued = await rowOf(id);
    expect(queued).toMatchObject({
      status: 'REQUESTED',
      environment: 'IQE',
      legalName: 'Acme Tokens',
      version: 1,
    });

    const value = 'TkN-secret-0123456789abcdef';
    const before = Date.now();
    const issued = await issue(id, { value, version: 1 });
    expect(issued.status).toBe(200);
    expect(issued.body).toMatchObject({ id, status: 'ISSUED', issuedBy: RITA, version: 2 });
    const issuedAt = new Date(issued.body.issuedAt ?? '').getTime();
    expect(issuedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(new Date(issued.body.expiresAt ?? '').getTime() - issuedAt).toBe(SESSION_TOKEN_LIFETIME_MS);
    expect(issued.text).not.toContain(value);

    const row = await stored(id);
    expect(row.valueCiphertext).toBeTruthy();
    expect(row.valueCiphertext).not.toContain(value);
    expect(Buffer.from(row.valueCiphertext ?? '', 'base64').toString('latin1')).not.toContain(value);
    expect(row.valueNonce).toBeTruthy();
    expect(row.keyId).toMatch(/^[0-9a-f]{8}$/);

    // The company sees it once, then only that it was shown.
    expect((await onboarding(acme.headers)).technical.environments.IQE.tokens[0]).toMatchObject({
      status: 'ISSUED',
      valueAvailable: true,
    });
    expect((await reveal(acme.headers, id)).body.value).toBe(value);
    expect((await reveal(acme.headers, id)).body.code).toBe('TOKEN_ALREADY_SHOWN');
    const after = await onboarding(acme.headers);
    expect(after.technical.environments.IQE.tokens[0]).toMatchObject({ valueAvailable: false });
    expect(JSON.stringify(after)).not.toContain(value);
    expect((await list()).text).not.toContain(value);

    const audit = await auditOf(id);
    expect(audit.map((entry) => entry.action)).toEqual([
      'REQUEST_SESSION_TOKEN',
      'ISSUE_SESSION_TOKEN',
      'REVEAL_SESSION_TOKEN',
    ]);
    expect(audit[1]).toMatchObject({ actor: RITA, entity: 'sessionToken' });
    expect(JSON.stringify(audit)).not.toContain(value);
    expect(JSON.stringify(audit)).not.toContain(row.valueCiphertext);

    const mails = await mailsTo(acme.spoc);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain('IQE session token is issued');
    expect(JSON.stringify(mails)).not.toContain(value);

    // Issued once: a second issue is refused (the company's reveal moved the version on to 3).
    expect((await stored(id)).version).toBe(3);
    expect((await issue(id, { value: 'another-value-0123456789', version: 3 })).body).toMatchObject({
      code: 'TOKEN_NOT_REQUESTED',
    });
  });

  it('encrypts each value with a fresh nonce: the same value twice is two ciphertexts', async () => {
    const a = await company();
    const b = await company();
    const first = await requestToken(a.headers);
    const second = await requestToken(b.headers);
    const value = 'same-value-for-both-0123';
    expect((await issue(first.id, { value, version: 1 })).status).toBe(200);
    expect((await issue(second.id, { value, version: 1 })).status).toBe(200);
    const [x, y] = [await stored(first.id), await stored(second.id)];
    expect(x.valueNonce).not.toBe(y.valueNonce);
    expect(x.valueCiphertext).not.toBe(y.valueCiphertext);
    expect(x.keyId).toBe(y.keyId);
  });

  it.each([
    ['15 characters', 'a'.repeat(15)],
    ['513 characters', 'a'.repeat(513)],
    ['a space', 'abcdefgh ijklmnopqrs'],
    ['a line break', 'abcdefghij\nklmnopqrs'],
  ])('refuses a value of %s (400), never echoing it', async (_name, value) => {
    const acme = await company();
    const { id } = await requestToken(acme.headers);
    const refused = await issue(id, { value, version: 1 });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('INVALID_FIELD');
    expect(refused.text).not.toContain(value);
    expect(await stored(id)).toMatchObject({ status: 'REQUESTED', valueCiphertext: null, version: 1 });
  });

  it('answers 404 for an unknown token and 400 without a version', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await issue(unknown, { value: 'a'.repeat(20), version: 1 })).status).toBe(404);
    expect((await issue(unknown, { value: 'a'.repeat(20) })).status).toBe(400);
  });
});

describe('expiry: computed from expiresAt, never written by a job', () => {
  it('shows an issued token past its 24 h as EXPIRED, filters by it, refuses to cancel it, allows a new request', async () => {
    const acme = await company('Expired Pharma');
    const { id } = await requestToken(acme.headers);
    expect((await issue(id, { value: 'expiring-value-0123456', version: 1 })).status).toBe(200);
    const issuedAt = new Date(Date.now() - 25 * HOUR);
    await t.db
      .updateTable('sessionTokens')
      .set({ issuedAt, expiresAt: new Date(issuedAt.getTime() + SESSION_TOKEN_LIFETIME_MS) })
      .where('id', '=', id)
      .execute();

    expect(await rowOf(id)).toMatchObject({ status: 'EXPIRED' });
    // The stored status is still ISSUED: nothing rewrote it.
    expect((await stored(id)).status).toBe('ISSUED');
    const expired = await list('?status=EXPIRED&limit=100');
    expect(expired.body.items.map((row) => row.id)).toContain(id);
    const issued = await list('?status=ISSUED&limit=100');
    expect(issued.body.items.map((row) => row.id)).not.toContain(id);

    expect(await cancel(id, { reason: 'Too late', version: 2 })).toMatchObject({
      status: 409,
      body: { code: 'TOKEN_NOT_CANCELLABLE' },
    });
    const again = await requestToken(acme.headers);
    expect(again.status).toBe(200);
    expect(again.id).not.toBe(id);
  });
});

describe('cancel with a reason', () => {
  it('cancels a requested token: reason kept (trimmed), audit row, mail, and a new request allowed', async () => {
    const acme = await company();
    const { id } = await requestToken(acme.headers);
    expect((await requestToken(acme.headers)).status).toBe(409);
    const cancelled = await cancel(id, { reason: '  Wrong environment asked  ', version: 1 });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({
      status: 'CANCELLED',
      cancelledBy: RITA,
      cancelReason: 'Wrong environment asked',
      version: 2,
    });
    const audit = await auditOf(id);
    expect(audit.at(-1)).toMatchObject({ action: 'CANCEL_SESSION_TOKEN', actor: RITA });
    const [mail] = await mailsTo(acme.spoc);
    expect(mail?.text).toContain('Reason: “Wrong environment asked”');
    expect((await requestToken(acme.headers)).status).toBe(200);
  });

  it('cancels an issued, valid token: its value wiped, the company can no longer see it', async () => {
    const acme = await company();
    const { id } = await requestToken(acme.headers);
    const value = 'to-be-cancelled-0123456';
    expect((await issue(id, { value, version: 1 })).status).toBe(200);
    expect((await cancel(id, { reason: 'Leaked by mistake', version: 2 })).status).toBe(200);
    expect(await stored(id)).toMatchObject({
      status: 'CANCELLED',
      valueCiphertext: null,
      valueNonce: null,
      keyId: null,
    });
    expect((await reveal(acme.headers, id)).body.code).toBe('TOKEN_NOT_AVAILABLE');
    const mails = await mailsTo(acme.spoc);
    expect(mails.map((mail) => mail.subject)).toEqual([
      expect.stringContaining('is issued'),
      expect.stringContaining('is cancelled'),
    ]);
    expect(JSON.stringify(await auditOf(id))).not.toContain(value);
    // Cancelled is final.
    expect((await cancel(id, { reason: 'Again', version: 3 })).body.code).toBe('TOKEN_NOT_CANCELLABLE');
  });

  it.each([
    ['no reason', {}],
    ['a blank reason', { reason: '   ' }],
    ['a reason over 2,000 characters', { reason: 'x'.repeat(2001) }],
  ])('refuses %s (400)', async (_name, payload) => {
    const acme = await company();
    const { id } = await requestToken(acme.headers);
    expect((await cancel(id, { ...payload, version: 1 })).status).toBe(400);
    expect((await stored(id)).status).toBe('REQUESTED');
  });
});

describe('a stale version answers 409, and nothing changes', () => {
  it('refuses an issue or a cancel at an old version', async () => {
    const acme = await company();
    const { id } = await requestToken(acme.headers);
    expect((await issue(id, { value: 'first-reviewer-value-01', version: 1 })).status).toBe(200);
    const late = await issue(id, { value: 'second-reviewer-value-02', version: 1 });
    expect(late).toMatchObject({ status: 409, body: { code: 'VERSION_CONFLICT' } });
    expect((await cancel(id, { reason: 'Late', version: 1 })).body.code).toBe('VERSION_CONFLICT');
    expect((await stored(id)).version).toBe(2);
    expect((await reveal(acme.headers, id)).body.value).toBe('first-reviewer-value-01');
    expect(await mailsTo(acme.spoc)).toHaveLength(1);
  });
});

describe('the queue: filters, free text, oldest first', () => {
  it('filters by environment and searches name, number and email', async () => {
    const zeta = await company('Zeta Queue Labs');
    const { id } = await requestToken(zeta.headers);
    await t.db
      .updateTable('organisations')
      .set({ stage: 'TECHNICAL_PRD' })
      .where('id', '=', zeta.organisationId)
      .execute();
    const prd = await requestToken(zeta.headers, 'PRD');
    expect(prd.status).toBe(200);
    const { obpNumber } = await t.db
      .selectFrom('organisations')
      .select('obpNumber')
      .where('id', '=', zeta.organisationId)
      .executeTakeFirstOrThrow();

    const byName = await list('?search=zeta%20queue');
    expect(byName.body.items.map((row) => row.environment).sort()).toEqual(['IQE', 'PRD']);
    expect((await list(`?search=${obpNumber}`)).body.total).toBe(2);
    expect((await list(`?search=info-${zeta.userId}`)).body.total).toBe(2);
    const onlyPrd = await list('?search=zeta%20queue&environment=PRD');
    expect(onlyPrd.body.items.map((row) => row.environment)).toEqual(['PRD']);
    // Oldest request first.
    expect(byName.body.items[0]?.id).toBe(id);
    expect((await list('?status=BOGUS')).status).toBe(400);
  });
});

describe('EMVO only', () => {
  it.each([
    ['EXTERNAL', ['EmvoPortalExternal']],
    ['ADMIN', ['EmvoPortalAdmin']],
  ])('refuses %s with 403 on every route', async (_name, roles) => {
    const acme = await company();
    const { id } = await requestToken(acme.headers);
    const headers = await reviewerHeaders(t, `other-${_name}@portal.test`, { roles });
    expect((await list('', headers)).status).toBe(403);
    expect((await issue(id, { value: 'x'.repeat(20), version: 1 }, headers)).status).toBe(403);
    expect((await cancel(id, { reason: 'No', version: 1 }, headers)).status).toBe(403);
    expect((await stored(id)).status).toBe('REQUESTED');
  });
});
