import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailedToken, mailsTo, useToken } from '../../test/registration-test-kit.js';
import { createTestApp, XSRF_HEADERS } from '../../test/test-app.js';
import {
  auditOf,
  changeUser,
  freshEmail,
  invite,
  listUsers,
  seedOrganisation,
  seedUser,
  type TestApp,
  userRow,
} from '../../test/users-test-kit.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof seedUser>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await seedUser(t, 'Ada Admin', { roles: ['ADMIN', 'EMVO'] });
});
afterAll(() => t.app.close());
afterEach(() => vi.useRealTimers());

const invitation = (email = freshEmail('invited')) => ({
  email,
  firstName: 'Ines',
  lastName: 'Invited',
  role: 'EMVO',
});

describe('access (ADMIN only)', () => {
  it.each([['EMVO'], ['EXTERNAL']] as const)('answers 403 to %s on every route', async (role) => {
    const caller = await seedUser(t, `Not admin ${role}`, { roles: [role] });
    expect((await listUsers(t, caller.headers)).statusCode).toBe(403);
    expect((await invite(t, caller.headers, invitation())).statusCode).toBe(403);
    expect(
      (await changeUser(t, caller.headers, admin.id, { status: 'DISABLED', version: 1 })).statusCode,
    ).toBe(403);
  });
});

describe('GET /api/users', () => {
  it('lists users with company and access (null for internal users), filtered and searched', async () => {
    const organisationId = await seedOrganisation(t, 'Listed Pharma AG');
    const external = await seedUser(t, 'Erik External', {
      roles: ['EXTERNAL'],
      organisationId,
      access: 'READ_ONLY',
    });
    await seedUser(t, 'Erin Reviewer', { roles: ['EMVO'], status: 'DISABLED' });

    const byCompany = await listUsers(t, admin.headers, '?companyName=Listed%20Pharma%20AG');
    expect(byCompany.statusCode).toBe(200);
    expect(byCompany.json().items).toEqual([
      expect.objectContaining({
        id: external.id,
        name: 'Erik External',
        email: external.email,
        roles: ['EXTERNAL'],
        companyName: 'Listed Pharma AG',
        access: 'READ_ONLY',
        status: 'ACTIVE',
        lastSignInAt: null,
      }),
    ]);

    const disabled = (await listUsers(t, admin.headers, '?status=DISABLED&roles=EMVO')).json().items;
    expect(disabled.map((row: { name: string }) => row.name)).toEqual(['Erin Reviewer']);
    expect(disabled[0]).toMatchObject({ access: null, companyName: null });

    const searched = (await listUsers(t, admin.headers, `?search=${encodeURIComponent(admin.email)}`)).json();
    expect(searched.items.map((row: { id: string }) => row.id)).toEqual([admin.id]);
    // The admin's own call recorded their sign-in.
    expect(searched.items[0].lastSignInAt).not.toBeNull();
  });

  it('sorts by last sign-in with the users who never signed in last, in either direction', async () => {
    const organisationId = await seedOrganisation(t, 'Sign-in Order AG');
    const seed = (name: string, lastLoginAt: Date | null) =>
      seedUser(t, name, { roles: ['EXTERNAL'], organisationId }).then(async (user) => {
        await t.db.updateTable('users').set({ lastLoginAt }).where('id', '=', user.id).execute();
        return name;
      });
    const never = await seed('Nadia Never', null);
    const early = await seed('Elsa Early', new Date('2026-01-05T08:00:00Z'));
    const late = await seed('Luca Late', new Date('2026-03-05T08:00:00Z'));
    const names = async (order: string) =>
      (await listUsers(t, admin.headers, `?companyName=Sign-in%20Order%20AG&order=${order}`))
        .json()
        .items.map((row: { name: string }) => row.name);
    expect(await names('-lastSignInAt')).toEqual([late, early, never]);
    expect(await names('lastSignInAt')).toEqual([early, late, never]);
    // Another key keeps the database's order: only a field declared so puts its empty values last.
    expect(await names('-name')).toEqual([never, late, early]);
  });

  it('answers 400 to a filter the list does not declare', async () => {
    const response = await listUsers(t, admin.headers, '?passwordHash=x');
    expect(response.statusCode).toBe(400);
  });
});

describe('POST /api/users/invitations', () => {
  it('creates an INVITED internal user, an audit row and a mail whose link sets a password once', async () => {
    const input = invitation();
    const response = await invite(t, admin.headers, input);
    expect(response.statusCode).toBe(201);
    const row = response.json();
    expect(row).toMatchObject({
      email: input.email,
      name: 'Ines Invited',
      roles: ['EMVO'],
      status: 'INVITED',
      access: null,
      companyName: null,
    });
    const [audit] = await auditOf(t, row.id);
    expect(audit).toMatchObject({ actor: admin.email, action: 'INVITE', entity: 'user' });

    const [mail] = await mailsTo(t, input.email);
    expect(mail?.subject).toContain('invited as a reviewer');
    expect(mail?.link).toMatch(/\/confirm\?token=/);
    const token = await mailedToken(t, input.email);
    expect((await useToken(t, token)).statusCode).toBe(200);
    expect((await userRow(t, row.id)).status).toBe('ACTIVE');
    const again = await useToken(t, token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: '405' });
  });

  it('answers 409 USER_EMAIL_TAKEN for an address that is a user already, whatever its case', async () => {
    const response = await invite(t, admin.headers, invitation(admin.email.toUpperCase()));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'USER_EMAIL_TAKEN' });
  });

  it.each([
    ['a first name on two lines', { firstName: 'Ines\n\nSECURITY NOTICE: https://evil.test' }, 'firstName'],
    ['a last name with a control character', { lastName: 'Invited\u001b[31m' }, 'lastName'],
    ['a last name with digits', { lastName: 'Invited2' }, 'lastName'],
  ])('answers 400 INVALID_FIELD to %s, and mails nothing', async (_case, change, field) => {
    const input = { ...invitation(), ...change };
    const response = await invite(t, admin.headers, input);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(
      expect.arrayContaining([expect.objectContaining({ code: 'INVALID_FIELD', field })]),
    );
    expect(await mailsTo(t, input.email)).toEqual([]);
  });

  it('answers 400 to a role an admin cannot invite, and mails nothing', async () => {
    const input = { ...invitation(), role: 'EXTERNAL' };
    expect((await invite(t, admin.headers, input)).statusCode).toBe(400);
    expect(await mailsTo(t, input.email)).toEqual([]);
  });
});

describe('PATCH /api/users/{id}', () => {
  it('changes a reviewer into an admin at their version, with an audit row; a stale version answers 409', async () => {
    const reviewer = await seedUser(t, 'Rene Reviewer', { roles: ['EMVO'] });
    const response = await changeUser(t, admin.headers, reviewer.id, {
      roles: ['ADMIN', 'EMVO'],
      version: 1,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ roles: ['ADMIN', 'EMVO'], version: 2 });
    expect(await auditOf(t, reviewer.id)).toEqual([
      expect.objectContaining({
        action: 'UPDATE',
        diff: { roles: { from: ['EMVO'], to: ['ADMIN', 'EMVO'] } },
      }),
    ]);
    const stale = await changeUser(t, admin.headers, reviewer.id, { status: 'DISABLED', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'VERSION_CONFLICT' });
  });

  it('refuses an admin disabling or demoting themselves (409), and changes nothing', async () => {
    const before = await userRow(t, admin.id);
    const disable = await changeUser(t, admin.headers, admin.id, {
      status: 'DISABLED',
      version: before.version,
    });
    expect(disable.statusCode).toBe(409);
    expect(disable.json()).toMatchObject({ code: 'SELF_DISABLE' });
    const demote = await changeUser(t, admin.headers, admin.id, { roles: ['EMVO'], version: before.version });
    expect(demote.json()).toMatchObject({ code: 'SELF_DEMOTION' });
    expect((await userRow(t, admin.id)).version).toBe(before.version);
  });

  it('changes an external user’s access, never an internal user’s (400)', async () => {
    const organisationId = await seedOrganisation(t, 'Access Pharma');
    const external = await seedUser(t, 'Xena External', { roles: ['EXTERNAL'], organisationId });
    const changed = await changeUser(t, admin.headers, external.id, { access: 'READ_ONLY', version: 1 });
    expect(changed.json()).toMatchObject({ access: 'READ_ONLY' });
    const reviewer = await seedUser(t, 'Ivo Internal', { roles: ['EMVO'] });
    const refused = await changeUser(t, admin.headers, reviewer.id, { access: 'REVOKED', version: 1 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'ACCESS_EXTERNAL_ONLY' });
  });

  it('answers 400 to an empty change and 404 to an unknown user', async () => {
    expect((await changeUser(t, admin.headers, admin.id, { version: 1 })).statusCode).toBe(400);
    const missing = await changeUser(t, admin.headers, '00000000-0000-4000-8000-000000000000', {
      status: 'DISABLED',
      version: 1,
    });
    expect(missing.statusCode).toBe(404);
  });
});

/**
 * An admin token of a directory user who is no admin there (the token's roles are what the API checks):
 * an administrator who does not count among the active admins, and is not the target.
 */
const outsiderToken = (app: TestApp, user: { subject: string; email: string }) =>
  app.sign({ roles: ['EmvoPortalAdmin'], sub: user.subject, emails: [user.email] });

describe('the last active admin (a database of its own)', () => {
  it('cannot be disabled or demoted; with a second admin it can, then the second is the last', async () => {
    const own = await createTestApp();
    try {
      const first = await seedUser(own, 'First Admin');
      const second = await seedUser(own, 'Second Admin');
      // Second disables first: allowed, two active admins.
      const disabled = await changeUser(own, second.headers, first.id, { status: 'DISABLED', version: 1 });
      expect(disabled.statusCode).toBe(200);
      expect(disabled.json()).toMatchObject({ status: 'DISABLED' });
      // A third admin, not yet active, does not count: the second is the last active one.
      await seedUser(own, 'Invited Admin', { status: 'INVITED' });
      const reviewer = await seedUser(own, 'Plain Reviewer', { roles: ['EMVO'] });
      // An admin token of someone else (the disabled first admin's own is refused), so the rule met is the
      // last-admin one, not the self one.
      const outsider = { ...second.headers, authorization: `Bearer ${await outsiderToken(own, reviewer)}` };
      const last = await changeUser(own, outsider, second.id, { status: 'DISABLED', version: 1 });
      expect(last.statusCode).toBe(409);
      expect(last.json()).toMatchObject({ code: 'LAST_ADMIN' });
      const demoted = await changeUser(own, outsider, second.id, { roles: ['EMVO'], version: 1 });
      expect(demoted.json()).toMatchObject({ code: 'LAST_ADMIN' });
      // Two admins demoting each other at once: one wins, the other meets LAST_ADMIN (rows locked).
      const enabled = await changeUser(own, second.headers, first.id, { status: 'ACTIVE', version: 2 });
      expect(enabled.statusCode).toBe(200);
      const results = await Promise.all([
        changeUser(own, outsider, first.id, { roles: ['EMVO'], version: 3 }),
        changeUser(own, outsider, second.id, { roles: ['EMVO'], version: 1 }),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    } finally {
      await own.app.close();
    }
  });
});

describe('a disabled or revoked user’s calls (the status cache)', () => {
  it('refuses a disabled user and a revoked external user (403 ACCESS_WITHDRAWN: the SPA signs them out) within a minute', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = new Date();
    vi.setSystemTime(start);
    const reviewer = await seedUser(t, 'Cached Reviewer', { roles: ['EMVO'] });
    const organisationId = await seedOrganisation(t, 'Revoked Pharma');
    const external = await seedUser(t, 'Rolf Revoked', { roles: ['EXTERNAL'], organisationId });
    const externalCall = () =>
      t.app.inject({ method: 'GET', url: '/api/onboarding', headers: external.headers });
    const reviewerCall = () =>
      t.app.inject({ method: 'GET', url: '/api/organisations', headers: reviewer.headers });
    expect((await reviewerCall()).statusCode).toBe(200);
    expect((await externalCall()).statusCode).not.toBe(403);

    expect(
      (await changeUser(t, admin.headers, reviewer.id, { status: 'DISABLED', version: 1 })).statusCode,
    ).toBe(200);
    expect(
      (await changeUser(t, admin.headers, external.id, { access: 'REVOKED', version: 1 })).statusCode,
    ).toBe(200);

    // Within the minute, the cached standing may still let them through...
    vi.setSystemTime(new Date(start.getTime() + 59_000));
    expect((await reviewerCall()).statusCode).toBe(200);
    // ...and past it, never.
    vi.setSystemTime(new Date(start.getTime() + 60_001));
    const refused = await reviewerCall();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'ACCESS_WITHDRAWN',
      message: expect.stringContaining('disabled'),
    });
    const revoked = await externalCall();
    expect(revoked.statusCode).toBe(403);
    expect(revoked.json()).toMatchObject({ code: 'ACCESS_WITHDRAWN' });

    // Enabled again: let through at the next refresh.
    expect(
      (await changeUser(t, admin.headers, reviewer.id, { status: 'ACTIVE', version: 2 })).statusCode,
    ).toBe(200);
    vi.setSystemTime(new Date(start.getTime() + 121_000));
    expect((await reviewerCall()).statusCode).toBe(200);
  });
});

describe('a token the directory does not vouch for', () => {
  it('refuses a subject and email the users table does not know (403), whatever roles the token claims', async () => {
    const headers = {
      authorization: `Bearer ${await t.sign({ roles: ['EmvoPortalAdmin'], sub: 'oid-stranger', emails: ['stranger@elsewhere.example'] })}`,
      ...XSRF_HEADERS,
    };
    const response = await t.app.inject({ method: 'GET', url: '/api/organisations', headers });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      code: 'ACCESS_WITHDRAWN',
      message: expect.stringContaining('not a user'),
    });
  });

  it('refuses an INVITED user until they accept, then lets them in', async () => {
    const invited = await seedUser(t, 'Ida Invited', { roles: ['EMVO'], status: 'INVITED' });
    const call = () => t.app.inject({ method: 'GET', url: '/api/organisations', headers: invited.headers });
    const refused = await call();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: expect.stringContaining('invitation') });
  });
});
