import type { OnboardingAnswer } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acceptsAndSignsIn,
  addPerson,
  assistant,
  completeDraft,
  createCompany,
  createOnboardingTestApp,
  onboardingCalls,
  type TestApp,
  type TestCompany,
} from '../../test/onboarding-test-kit.js';
import { stepCalls } from '../../test/steps-test-kit.js';
import { createTestApp, XSRF_HEADERS } from '../../test/test-app.js';

// Who may invite, whom a company may invite again, and the mails it may send.
// A second app on the same database (createTestApp({ database })) stands for another API instance, with
// no cached standing; it is not closed, since closing an app closes its database.

let t: TestApp & { close: () => Promise<void> };
let legitimacy: ReturnType<typeof onboardingCalls>;
let people: ReturnType<typeof stepCalls>;

beforeAll(async () => {
  t = await createOnboardingTestApp();
  legitimacy = onboardingCalls(t);
  people = stepCalls(t);
});
afterAll(() => t.close());

const userByEmail = (email: string) =>
  t.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
const mailsTo = (address: string) =>
  t.db.selectFrom('outbox').selectAll().where('toAddress', '=', address).execute();

async function invite(company: TestCompany, email: string, headers = company.headers) {
  return people.invite(headers, { version: await people.version(company.headers), ...assistant(email) });
}

describe('the legitimacy draft writes no people', () => {
  it('ignores a SPOC Assistant sent with the draft: nobody invited, no mail, no contact', async () => {
    const company = await createCompany(t);
    const saved = await legitimacy.save(
      company.headers,
      completeDraft(1, { spocAssistant: assistant('outsider@cannon.example') }),
    );
    expect(saved.status).toBe(200);
    expect(saved.body.spocAssistant).toBeNull();
    expect(await userByEmail('outsider@cannon.example')).toBeUndefined();
    expect(await mailsTo('outsider@cannon.example')).toEqual([]);
  });

  it('keeps the assistant the people route invited when the draft is saved', async () => {
    const company = await createCompany(t);
    expect((await invite(company, 'kept@draft.example')).status).toBe(200);
    const saved = await legitimacy.save(
      company.headers,
      completeDraft(await people.version(company.headers)),
    );
    expect(saved.status).toBe(200);
    expect(saved.body.spocAssistant).toMatchObject({ email: 'kept@draft.example', status: 'INVITED' });
  });

  it('a SPOC Assistant with FULL access invites nobody, through the draft or the people route', async () => {
    const company = await createCompany(t);
    expect((await invite(company, 'helper@full.example')).status).toBe(200);
    const helper = await acceptsAndSignsIn(t, 'helper@full.example');
    const draft = await legitimacy.save(
      helper,
      completeDraft(await people.version(company.headers), {
        spocAssistant: assistant('friend@evil.example'),
      }),
    );
    expect(draft.status).toBe(200);
    const route = await invite(company, 'friend@evil.example', helper);
    expect(route).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    expect(await userByEmail('friend@evil.example')).toBeUndefined();
    expect(await mailsTo('friend@evil.example')).toEqual([]);
  });
});

describe('a person disabled by an administrator stays disabled', () => {
  it('refuses the company’s invitation (409 ACCESS_WITHDRAWN_BY_PORTAL); the old token stays refused', async () => {
    const company = await createCompany(t);
    expect((await invite(company, 'banned@admin.example')).status).toBe(200);
    const banned = await acceptsAndSignsIn(t, 'banned@admin.example');
    expect((await legitimacy.get(banned)).status).toBe(200);
    // An administrator disables them.
    const user = await userByEmail('banned@admin.example');
    const admin = await t.bearer('EmvoPortalAdmin');
    const disabled = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${user?.id}`,
      headers: admin,
      payload: { version: user?.version, status: 'DISABLED' },
    });
    expect(disabled.statusCode).toBe(200);
    expect(await userByEmail('banned@admin.example')).toMatchObject({
      status: 'DISABLED',
      disabledBy: 'ADMIN',
    });

    // The company removes them from its application and invites them again: refused, nothing changes.
    expect(
      (await people.removeAssistant(company.headers, await people.version(company.headers))).status,
    ).toBe(200);
    const again = await invite(company, 'banned@admin.example');
    expect(again).toMatchObject({ status: 409, body: { code: 'ACCESS_WITHDRAWN_BY_PORTAL' } });
    expect(await userByEmail('banned@admin.example')).toMatchObject({
      status: 'DISABLED',
      disabledBy: 'ADMIN',
    });
    const fresh = await createTestApp({ database: t.database, keys: t.keys });
    // A new instance (no cached standing) refuses the old token too.
    const refused = await fresh.app.inject({ method: 'GET', url: '/api/onboarding', headers: banned });
    expect(refused.statusCode).toBe(403);
  });

  it('invites again a person the company removed itself; their old token opens nothing until they accept', async () => {
    const company = await createCompany(t);
    expect((await invite(company, 'returning@company.example')).status).toBe(200);
    const old = await acceptsAndSignsIn(t, 'returning@company.example');
    expect((await legitimacy.get(old)).status).toBe(200);
    const removed = await people.removeAssistant(company.headers, await people.version(company.headers));
    expect(removed.status).toBe(200);
    expect(await userByEmail('returning@company.example')).toMatchObject({
      status: 'DISABLED',
      disabledBy: 'COMPANY',
    });

    expect((await invite(company, 'returning@company.example')).status).toBe(200);
    expect(await userByEmail('returning@company.example')).toMatchObject({
      status: 'INVITED',
      disabledBy: null,
    });
    // INVITED is refused on every route until the invitation is accepted (a fresh instance: no cache).
    const fresh = await createTestApp({ database: t.database, keys: t.keys });
    for (const url of ['/api/onboarding', '/api/disclaimers/pending', '/api/gateways']) {
      const response = await fresh.app.inject({ method: 'GET', url, headers: old });
      expect(response.statusCode, url).toBe(403);
    }
  });

  it('an INVITED person of the company is refused by the file and onboarding routes', async () => {
    const company = await createCompany(t);
    const invited = await addPerson(t, company, { status: 'ACTIVE', email: 'pending@company.example' });
    await t.db
      .updateTable('users')
      .set({ status: 'INVITED' })
      .where('email', '=', 'pending@company.example')
      .execute();
    const fresh = await createTestApp({ database: t.database, keys: t.keys });
    const response = await fresh.app.inject({ method: 'GET', url: '/api/onboarding', headers: invited });
    expect(response).toMatchObject({ statusCode: 403 });
    expect(response.json()).toMatchObject({
      code: 'FORBIDDEN',
      message: expect.stringContaining('invitation'),
    });
  });
});

describe('invitations are no mail cannon', () => {
  it('answers an address that has an account as a new invitation would, and mails its owner instead', async () => {
    const owner = await createCompany(t);
    const other = await createCompany(t);
    const answer = await invite(other, owner.email);
    expect(answer.status).toBe(200);
    // The owner stays the other company's user; no link: a mail says what happened.
    expect(await userByEmail(owner.email)).toMatchObject({ organisationId: owner.organisationId });
    const [mail, ...more] = await mailsTo(owner.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toMatch(/has an account/);
    expect(mail?.link).toBeNull();
  });

  it('puts no caller-written text in the subject', async () => {
    const company = await createCompany(t, { name: 'WIN A PRIZE http://evil.example' });
    expect((await invite(company, 'victim@inbox.example')).status).toBe(200);
    const [mail] = await mailsTo('victim@inbox.example');
    expect(mail?.subject).not.toContain('evil');
    expect(mail?.subject).not.toContain('PRIZE');
  });

  it('sends a company at most INVITATIONS_PER_COMPANY_PER_DAY invitation mails a day (429 after)', async () => {
    const limited = await createTestApp({
      database: t.database,
      config: { INVITATIONS_PER_COMPANY_PER_DAY: '2' },
    });
    const company = await createCompany(limited);
    const calls = stepCalls(limited);
    const inviteThere = async (email: string) =>
      calls.invite(company.headers, { version: await calls.version(company.headers), ...assistant(email) });
    expect((await inviteThere('one@limit.example')).status).toBe(200);
    expect((await calls.removeAssistant(company.headers, await calls.version(company.headers))).status).toBe(
      200,
    );
    expect((await inviteThere('two@limit.example')).status).toBe(200);
    expect((await calls.removeAssistant(company.headers, await calls.version(company.headers))).status).toBe(
      200,
    );
    const third = await inviteThere('three@limit.example');
    expect(third).toMatchObject({ status: 429, body: { code: 'TOO_MANY_REQUESTS' } });
    expect(await mailsTo('three@limit.example')).toEqual([]);
  });
});

describe('an invitation answers alike whether the address has an account or not', () => {
  /** The answer with what differs by nature between two invitations (ids, addresses, names) left out. */
  const shapeOf = (body: OnboardingAnswer) => ({
    spocAssistant: body.spocAssistant && { status: body.spocAssistant.status },
    people: body.people.map(({ id: _id, email: _email, name: _name, ...person }) => person),
    canManagePeople: body.canManagePeople,
  });
  const internalUser = async (email: string) =>
    t.db
      .insertInto('users')
      .values({ email, displayName: 'Ines Internal', roles: ['EMVO'], createdBy: 't', updatedBy: 't' })
      .execute();

  it('gives the same answer and people list for a new address, another company’s person and an internal user', async () => {
    const owner = await createCompany(t);
    await internalUser('reviewer@alike.example');
    const shapes = [];
    for (const email of ['new@alike.example', owner.email, 'reviewer@alike.example']) {
      const company = await createCompany(t);
      const answer = await invite(company, email);
      expect(answer.status, email).toBe(200);
      expect(answer.body.spocAssistant, email).toMatchObject({ email, status: 'INVITED' });
      expect(
        answer.body.people.map((person) => [person.email, person.status]),
        email,
      ).toEqual([
        [company.email, 'ACTIVE'],
        [email, 'INVITED'],
      ]);
      shapes.push(shapeOf(answer.body));
      // The next read says the same.
      expect(shapeOf((await legitimacy.get(company.headers)).body as OnboardingAnswer)).toEqual(
        shapeOf(answer.body),
      );
    }
    expect(shapes[1]).toEqual(shapes[0]);
    expect(shapes[2]).toEqual(shapes[0]);
  });

  it('an internal address stays a pending invitation: its access is set, it takes a place, the company withdraws it', async () => {
    await internalUser('auditor@pending.example');
    const company = await createCompany(t);
    const invited = await invite(company, 'auditor@pending.example');
    const pending = invited.body.people.find((person) => person.email === 'auditor@pending.example');
    if (!pending) throw new Error('no pending invitation listed');
    // Its owner is told, with no link: an internal user never joins a company.
    const [mail] = await mailsTo('auditor@pending.example');
    expect(mail?.subject).toMatch(/has an account/);
    expect(mail?.link).toBeNull();
    expect(await userByEmail('auditor@pending.example')).toMatchObject({
      organisationId: null,
      roles: ['EMVO'],
    });

    const readOnly = await people.setAccess(company.headers, pending.id, {
      version: await people.version(company.headers),
      access: 'READ_ONLY',
    });
    expect(readOnly.status).toBe(200);
    expect(readOnly.body.people.find((person) => person.id === pending.id)).toMatchObject({
      access: 'READ_ONLY',
      status: 'INVITED',
    });
    // Another company does not find it.
    const stranger = await createCompany(t);
    const foreign = await people.setAccess(stranger.headers, pending.id, {
      version: await people.version(stranger.headers),
      access: 'FULL',
    });
    expect(foreign.status).toBe(404);

    // It takes a place: with two more people, no fourth.
    await addPerson(t, company);
    expect((await people.get(company.headers)).body.people).toHaveLength(3);

    const withdrawn = await people.removeAssistant(company.headers, await people.version(company.headers));
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.spocAssistant).toBeNull();
    expect(withdrawn.body.people.map((person) => person.email)).not.toContain('auditor@pending.example');
    expect(await t.db.selectFrom('personInvitations').selectAll().execute()).not.toContainEqual(
      expect.objectContaining({ id: pending.id }),
    );
    expect(await userByEmail('auditor@pending.example')).toMatchObject({
      organisationId: null,
      roles: ['EMVO'],
    });
  });

  it('an external account of no company accepts through the mailed link and joins the company', async () => {
    await t.db
      .insertInto('users')
      .values({
        email: 'free@agent.example',
        displayName: 'Fay Free',
        roles: ['EXTERNAL'],
        externalId: 'oid-free@agent.example',
        createdBy: 't',
        updatedBy: 't',
      })
      .execute();
    const company = await createCompany(t, { name: 'Joining Pharma' });
    const invited = await invite(company, 'free@agent.example');
    expect(invited.status).toBe(200);
    const [mail] = await mailsTo('free@agent.example');
    const token = new URL(mail?.link ?? 'http://x/').searchParams.get('token') ?? '';
    const info = await t.app.inject({ method: 'GET', url: `/api/account-tokens/${token}` });
    expect(info.json()).toMatchObject({ purpose: 'INVITATION', companyName: 'Joining Pharma' });
    const used = await t.app.inject({
      method: 'POST',
      url: `/api/account-tokens/${token}/use`,
      payload: { password: 'Joining-Pass1' },
      headers: XSRF_HEADERS,
    });
    expect(used.statusCode).toBe(200);
    expect(await userByEmail('free@agent.example')).toMatchObject({
      organisationId: company.organisationId,
      obpRole: 'SPOC_ASSISTANT',
      status: 'ACTIVE',
      access: 'FULL',
    });
    const { body } = await people.get(company.headers);
    // The account is older than the company: the list is oldest first.
    expect(body.people.map((person) => [person.email, person.status])).toEqual([
      ['free@agent.example', 'ACTIVE'],
      [company.email, 'ACTIVE'],
    ]);
    const left = await t.db
      .selectFrom('personInvitations')
      .select('id')
      .where('email', '=', 'free@agent.example')
      .execute();
    expect(left).toEqual([]);
  });

  it('a link that reached an account which joined a company since opens nothing', async () => {
    await t.db
      .insertInto('users')
      .values({
        email: 'late@agent.example',
        displayName: 'Lee Late',
        roles: ['EXTERNAL'],
        createdBy: 't',
        updatedBy: 't',
      })
      .execute();
    const company = await createCompany(t);
    expect((await invite(company, 'late@agent.example')).status).toBe(200);
    const [mail] = await mailsTo('late@agent.example');
    const token = new URL(mail?.link ?? 'http://x/').searchParams.get('token') ?? '';
    const elsewhere = await createCompany(t);
    await t.db
      .updateTable('users')
      .set({ organisationId: elsewhere.organisationId })
      .where('email', '=', 'late@agent.example')
      .execute();
    const used = await t.app.inject({
      method: 'POST',
      url: `/api/account-tokens/${token}/use`,
      payload: { password: 'Joining-Pass1' },
      headers: XSRF_HEADERS,
    });
    expect(used).toMatchObject({ statusCode: 400 });
    expect(used.json()).toMatchObject({ code: 'INVITATION_WITHDRAWN' });
    expect(await userByEmail('late@agent.example')).toMatchObject({
      organisationId: elsewhere.organisationId,
    });
  });
});
