import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acceptsAndSignsIn,
  addPerson,
  assistant,
  createCompany,
  createOnboardingTestApp,
  type TestApp,
  type TestCompany,
} from '../../test/onboarding-test-kit.js';
import { adminHeaders, stepCalls } from '../../test/steps-test-kit.js';
import { createTestApp } from '../../test/test-app.js';

let t: TestApp & { close: () => Promise<void> };
let calls: ReturnType<typeof stepCalls>;

beforeAll(async () => {
  t = await createOnboardingTestApp();
  calls = stepCalls(t);
});
afterAll(() => t.close());

const userByEmail = (email: string) =>
  t.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();

/** The company with its SPOC Assistant invited; answers the assistant's user id and the version. */
async function withAssistant(company: TestCompany, email: string) {
  const invited = await calls.invite(company.headers, {
    version: await calls.version(company.headers),
    ...assistant(email),
  });
  expect(invited.status).toBe(200);
  const person = invited.body.people.find((p) => p.email === email);
  if (!person) throw new Error(`${email} was not invited`);
  return { userId: person.id, version: invited.body.organisation.version };
}

describe('the company’s people (domain.md People)', () => {
  it('lists the company’s users; the Initial Requester manages them', async () => {
    const company = await createCompany(t);
    const { body } = await calls.get(company.headers);
    expect(body.people).toEqual([
      {
        id: company.userId,
        name: 'Rita Requester',
        email: company.email,
        role: 'INITIAL_REQUESTER',
        access: 'FULL',
        status: 'ACTIVE',
        you: true,
        withdrawnByPortal: false,
      },
    ]);
    expect(body.canManagePeople).toBe(true);
  });

  it('invites the SPOC Assistant: an INVITED user, the contact, a mail with the link, the version moved', async () => {
    const company = await createCompany(t, { name: 'People Pharma' });
    const version = await calls.version(company.headers);
    const { status, body } = await calls.invite(company.headers, {
      version,
      ...assistant('alex@people.example'),
    });
    expect(status).toBe(200);
    expect(body.organisation.version).toBe(version + 1);
    expect(body.people.map((person) => [person.role, person.status, person.access, person.you])).toEqual([
      ['INITIAL_REQUESTER', 'ACTIVE', 'FULL', true],
      ['SPOC_ASSISTANT', 'INVITED', 'FULL', false],
    ]);
    expect(body.spocAssistant).toEqual({ ...assistant('alex@people.example'), status: 'INVITED' });
    const mails = await t.db
      .selectFrom('outbox')
      .selectAll()
      .where('toAddress', '=', 'alex@people.example')
      .execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain("invited as a company's SPOC Assistant");
    expect(mails[0]?.text).toContain('People Pharma');

    // One assistant at a time, and never twice the same person.
    expect(
      (await calls.invite(company.headers, { version: version + 1, ...assistant('other@people.example') }))
        .body,
    ).toMatchObject({
      code: 'SPOC_ASSISTANT_EXISTS',
    });
    // A stale version is refused.
    expect(
      (await calls.invite(company.headers, { version, ...assistant('x@people.example') })).body,
    ).toMatchObject({
      code: 'VERSION_CONFLICT',
    });
    // An email and a name are required.
    expect((await calls.invite(company.headers, { version: version + 1, firstName: 'Alex' })).status).toBe(
      400,
    );
  });

  it('at most three people per company: a fourth is refused (TOO_MANY_PEOPLE); a removed person does not count', async () => {
    const company = await createCompany(t);
    await addPerson(t, company);
    await addPerson(t, company, { status: 'DISABLED', disabledBy: 'COMPANY' });
    const third = await withAssistant(company, 'third@three.example');
    expect((await calls.get(company.headers)).body.people).toHaveLength(3);
    expect((await calls.removeAssistant(company.headers, third.version)).status).toBe(200);

    await addPerson(t, company);
    const full = await calls.get(company.headers);
    expect(full.body.people).toHaveLength(3);
    const refused = await calls.invite(company.headers, {
      version: full.body.organisation.version,
      ...assistant('fourth@three.example'),
    });
    expect(refused).toMatchObject({ status: 409, body: { code: 'TOO_MANY_PEOPLE' } });
    expect(await userByEmail('fourth@three.example')).toBeUndefined();
  });

  it('sets the assistant’s access: READ_ONLY reads and writes nothing, FULL again writes', async () => {
    const company = await createCompany(t);
    const { userId, version } = await withAssistant(company, 'reader@access.example');
    const headers = await acceptsAndSignsIn(t, 'reader@access.example');

    const readOnly = await calls.setAccess(company.headers, userId, { version, access: 'READ_ONLY' });
    expect(readOnly.status).toBe(200);
    expect(readOnly.body.people.find((person) => person.id === userId)?.access).toBe('READ_ONLY');
    const seen = await calls.get(headers);
    expect(seen.body).toMatchObject({ access: 'READ_ONLY', canManagePeople: false });
    const draft = await t.app.inject({
      method: 'PUT',
      url: '/api/onboarding/legitimacy',
      headers,
      payload: {
        version: seen.body.organisation.version,
        company: { legalName: 'Changed', orgType: 'OPM', address: {} },
        spoc: {},
        authorisedRepresentative: {},
      },
    });
    expect(draft.statusCode).toBe(403);

    const full = await calls.setAccess(company.headers, userId, {
      version: readOnly.body.organisation.version,
      access: 'FULL',
    });
    expect(full.body.people.find((person) => person.id === userId)?.access).toBe('FULL');
    expect((await calls.get(headers)).body.access).toBe('FULL');
    expect(
      await t.db
        .selectFrom('auditLog')
        .selectAll()
        .where('action', '=', 'SET_ACCESS')
        .where('entityId', '=', userId)
        .execute(),
    ).toHaveLength(2);
    // Only FULL or READ_ONLY.
    expect(
      (
        await calls.setAccess(company.headers, userId, {
          version: full.body.organisation.version,
          access: 'REVOKED',
        })
      ).status,
    ).toBe(400);
  });

  it('only the SPOC or the Initial Requester manages people; nobody changes their own access or the requester’s', async () => {
    const company = await createCompany(t);
    const { userId, version } = await withAssistant(company, 'helper@manage.example');
    const headers = await acceptsAndSignsIn(t, 'helper@manage.example');
    expect((await calls.get(headers)).body.canManagePeople).toBe(false);
    for (const response of [
      await calls.setAccess(headers, userId, { version, access: 'READ_ONLY' }),
      await calls.setAccess(headers, company.userId, { version, access: 'READ_ONLY' }),
      await calls.removeAssistant(headers, version),
      await calls.invite(headers, { version, ...assistant('friend@manage.example') }),
    ]) {
      expect(response).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    }
    expect(
      await calls.setAccess(company.headers, company.userId, { version, access: 'READ_ONLY' }),
    ).toMatchObject({
      status: 409,
      body: { code: 'OWN_ACCOUNT' },
    });
    const spocHeaders = await addPerson(t, company, { email: 'spoc@manage.example' });
    await t.db
      .updateTable('users')
      .set({ obpRole: 'SPOC' })
      .where('email', '=', 'spoc@manage.example')
      .execute();
    expect((await calls.get(spocHeaders)).body.canManagePeople).toBe(true);
    expect(
      await calls.setAccess(spocHeaders, company.userId, { version, access: 'READ_ONLY' }),
    ).toMatchObject({
      status: 409,
      body: { code: 'ACCESS_NOT_CHANGEABLE' },
    });
    expect((await calls.setAccess(spocHeaders, userId, { version, access: 'READ_ONLY' })).status).toBe(200);
  });

  it('removes an assistant who never signed in: the invitation is withdrawn and the contact cleared', async () => {
    const company = await createCompany(t);
    const { userId, version } = await withAssistant(company, 'gone@remove.example');
    const { status, body } = await calls.removeAssistant(company.headers, version);
    expect(status).toBe(200);
    expect(body.people.map((person) => person.role)).toEqual(['INITIAL_REQUESTER']);
    expect(body.spocAssistant).toBeNull();
    expect(await userByEmail('gone@remove.example')).toBeUndefined();
    expect(await t.db.selectFrom('accountTokens').selectAll().where('userId', '=', userId).execute()).toEqual(
      [],
    );
    expect(await calls.removeAssistant(company.headers, body.organisation.version)).toMatchObject({
      status: 404,
      body: { code: 'NOT_FOUND' },
    });
  });

  it('removes an assistant who signed in: DISABLED, access revoked, refused at once; invited again later', async () => {
    const company = await createCompany(t);
    const { userId, version } = await withAssistant(company, 'former@remove.example');
    const headers = await acceptsAndSignsIn(t, 'former@remove.example');
    expect((await calls.get(headers)).status).toBe(200);

    const removed = await calls.removeAssistant(company.headers, version);
    expect(removed.status).toBe(200);
    expect(await userByEmail('former@remove.example')).toMatchObject({
      id: userId,
      status: 'DISABLED',
      access: 'REVOKED',
    });
    expect((await calls.get(headers)).status).toBe(403);

    const again = await calls.invite(company.headers, {
      version: removed.body.organisation.version,
      ...assistant('former@remove.example'),
    });
    expect(again.status).toBe(200);
    expect(await userByEmail('former@remove.example')).toMatchObject({
      id: userId,
      status: 'INVITED',
      access: 'FULL',
    });
  });

  it('two companies: one never sees or changes the other’s people (404)', async () => {
    const acme = await createCompany(t);
    const boreal = await createCompany(t);
    const { userId } = await withAssistant(acme, 'acme-helper@iso.example');
    expect((await calls.get(boreal.headers)).body.people.map((person) => person.email)).toEqual([
      boreal.email,
    ]);
    const refused = await calls.setAccess(boreal.headers, userId, {
      version: await calls.version(boreal.headers),
      access: 'READ_ONLY',
    });
    expect(refused).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    expect(await userByEmail('acme-helper@iso.example')).toMatchObject({ access: 'FULL' });
    // Removing "the" assistant only ever concerns the caller's own company.
    expect((await calls.removeAssistant(boreal.headers, await calls.version(boreal.headers))).status).toBe(
      404,
    );
    expect(await userByEmail('acme-helper@iso.example')).toBeDefined();
  });
});

describe('a standing the portal set is the company’s to see, never to undo', () => {
  /** An administrator's change to a user, at the user's version. */
  async function adminChanges(email: string, change: object) {
    const user = await userByEmail(email);
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${user?.id}`,
      headers: await adminHeaders(t),
      payload: { version: user?.version, ...change },
    });
    expect(response.statusCode).toBe(200);
  }

  const withdrawals = [
    ['REVOKED', { access: 'REVOKED' }, { status: 'ACTIVE', access: 'REVOKED', revokedBy: 'ADMIN' }],
    ['DISABLED', { status: 'DISABLED' }, { status: 'DISABLED', access: 'FULL', disabledBy: 'ADMIN' }],
  ] as const;

  it.each(withdrawals)(
    '%s by an administrator: the company sees it and sets no access (409 ACCESS_WITHDRAWN_BY_PORTAL)',
    async (_, change, stored) => {
      const company = await createCompany(t);
      const email = `withdrawn-${stored.status.toLowerCase()}@portal.example`;
      const { userId } = await withAssistant(company, email);
      const old = await acceptsAndSignsIn(t, email);
      await adminChanges(email, change);

      // The company's people page shows the person and that the portal withdrew their access.
      const { body } = await calls.get(company.headers);
      expect(body.people.find((person) => person.id === userId)).toMatchObject({
        status: stored.status,
        access: stored.access,
        withdrawnByPortal: true,
      });
      for (const access of ['FULL', 'READ_ONLY'] as const) {
        const version = await calls.version(company.headers);
        const refused = await calls.setAccess(company.headers, userId, { version, access });
        expect(refused, access).toMatchObject({
          status: 409,
          body: { code: 'ACCESS_WITHDRAWN_BY_PORTAL' },
        });
      }
      expect(await userByEmail(email)).toMatchObject(stored);
      // The old token stays refused (a new instance: no cached standing).
      const fresh = await createTestApp({ database: t.database, keys: t.keys });
      expect(
        (await fresh.app.inject({ method: 'GET', url: '/api/onboarding', headers: old })).statusCode,
      ).toBe(403);
    },
  );

  it.each(withdrawals)(
    '%s by an administrator: removing the person does not make them the company’s to invite again',
    async (_, change, stored) => {
      const company = await createCompany(t);
      const email = `removed-${stored.status.toLowerCase()}@portal.example`;
      await withAssistant(company, email);
      await acceptsAndSignsIn(t, email);
      await adminChanges(email, change);

      const removed = await calls.removeAssistant(company.headers, await calls.version(company.headers));
      expect(removed.status).toBe(200);
      const again = await calls.invite(company.headers, {
        version: await calls.version(company.headers),
        ...assistant(email),
      });
      expect(again).toMatchObject({ status: 409, body: { code: 'ACCESS_WITHDRAWN_BY_PORTAL' } });
      // The removal disables a revoked person, and leaves the administrator's part theirs.
      const { access: _access, ...kept } = stored;
      expect(await userByEmail(email)).toMatchObject({ ...kept, status: 'DISABLED' });
      // Still the portal's: listed as withdrawn, not as one the company removed.
      const { body } = await calls.get(company.headers);
      expect(body.people.find((person) => person.email === email)).toMatchObject({ withdrawnByPortal: true });
    },
  );

  it('an administrator restoring the access gives the company its say back', async () => {
    const company = await createCompany(t);
    const email = 'restored@portal.example';
    const { userId } = await withAssistant(company, email);
    await acceptsAndSignsIn(t, email);
    await adminChanges(email, { access: 'REVOKED' });
    await adminChanges(email, { access: 'FULL' });
    expect(await userByEmail(email)).toMatchObject({ access: 'FULL', revokedBy: null });
    const version = await calls.version(company.headers);
    const set = await calls.setAccess(company.headers, userId, { version, access: 'READ_ONLY' });
    expect(set.status).toBe(200);
    expect(set.body.people.find((person) => person.id === userId)).toMatchObject({
      access: 'READ_ONLY',
      withdrawnByPortal: false,
    });
  });
});
