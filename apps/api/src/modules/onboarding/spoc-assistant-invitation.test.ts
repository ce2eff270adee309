import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../accounts/account-tokens.js';
import {
  addPerson,
  completeDraft,
  createCompany,
  createOnboardingTestApp,
  onboardingCalls,
  type TestApp,
  type TestCompany,
} from './onboarding-test-kit.js';

let t: TestApp & { close: () => Promise<void> };
let calls: ReturnType<typeof onboardingCalls>;

beforeAll(async () => {
  t = await createOnboardingTestApp();
  calls = onboardingCalls(t);
});
afterAll(() => t.close());

const assistant = (email: string) => ({
  firstName: 'Alex',
  lastName: 'Assistant',
  function: 'Regulatory assistant',
  email,
  phone: '+49 30 555',
});

const usersOf = (company: TestCompany) =>
  t.db
    .selectFrom('users')
    .selectAll()
    .where('organisationId', '=', company.organisationId)
    .orderBy('createdAt')
    .execute();
const mailsTo = (address: string) =>
  t.db.selectFrom('outbox').selectAll().where('toAddress', '=', address).execute();

describe('PUT /api/onboarding/legitimacy: the SPOC Assistant', () => {
  it('invites a new person: an INVITED user of the company, a token, and a mail with the confirmation link', async () => {
    const company = await createCompany(t, { name: 'Invite Pharma' });
    const { status, body } = await calls.save(
      company.headers,
      completeDraft(1, { spocAssistant: assistant('Alex@Invite.example') }),
    );
    expect(status).toBe(200);
    expect(body.spocAssistant).toEqual({ ...assistant('Alex@Invite.example'), status: 'INVITED' });

    const invited = (await usersOf(company)).find((user) => user.obpRole === 'SPOC_ASSISTANT');
    expect(invited).toMatchObject({
      email: 'Alex@Invite.example',
      displayName: 'Alex Assistant',
      roles: ['EXTERNAL'],
      organisationId: company.organisationId,
      status: 'INVITED',
      access: 'FULL',
      createdBy: company.email,
    });
    const [mail, ...others] = await mailsTo('Alex@Invite.example');
    expect(others).toEqual([]);
    expect(mail?.subject).toContain('SPOC Assistant of Invite Pharma');
    const link = mail?.link ?? '';
    expect(link).toMatch(new RegExp(`^${t.config.publicUrl}/confirm\\?token=[\\w-]+$`));
    expect(mail?.text).toContain(link);
    const token = decodeURIComponent(new URL(link).searchParams.get('token') ?? '');
    const stored = await t.db
      .selectFrom('accountTokens')
      .selectAll()
      .where('tokenHash', '=', hashToken(token))
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ purpose: 'INVITATION', userId: invited?.id, usedAt: null });
    const audit = await t.db
      .selectFrom('auditLog')
      .selectAll()
      .where('entityId', '=', invited?.id ?? '')
      .execute();
    expect(audit).toMatchObject([{ action: 'INVITE', entity: 'user', actor: company.email }]);
  });

  it('invites once: saving the same assistant again sends nothing more', async () => {
    const company = await createCompany(t);
    await calls.save(company.headers, completeDraft(1, { spocAssistant: assistant('once@invite.example') }));
    const again = await calls.save(
      company.headers,
      completeDraft(2, { spocAssistant: { ...assistant('ONCE@invite.example'), phone: '+49 1' } }),
    );
    expect(again.status).toBe(200);
    expect(await usersOf(company)).toHaveLength(2);
    expect(await mailsTo('once@invite.example')).toHaveLength(1);
  });

  it('invites nobody for an assistant without an email, or one who is a person of the company already', async () => {
    const company = await createCompany(t);
    const noEmail = await calls.save(
      company.headers,
      completeDraft(1, { spocAssistant: { firstName: 'Nemo' } }),
    );
    expect(noEmail.body.spocAssistant).toMatchObject({ firstName: 'Nemo', email: null, status: null });
    const self = await calls.save(
      company.headers,
      completeDraft(2, { spocAssistant: assistant(company.email) }),
    );
    expect(self.body.spocAssistant).toMatchObject({ email: company.email, status: 'ACTIVE' });
    expect(await usersOf(company)).toHaveLength(1);
  });

  it('answers 409 EMAIL_TAKEN for the email of another company’s user, saving nothing', async () => {
    const other = await createCompany(t);
    const company = await createCompany(t);
    const { status, body } = await calls.save(
      company.headers,
      completeDraft(1, { spocAssistant: assistant(other.email.toUpperCase()) }),
    );
    expect(status).toBe(409);
    expect(body).toMatchObject({ code: 'EMAIL_TAKEN' });
    expect((await calls.get(company.headers)).body.organisation.version).toBe(1);
  });

  it('answers 409 TOO_MANY_PEOPLE when the company has its three people already, saving nothing', async () => {
    const company = await createCompany(t);
    await addPerson(t, company);
    await addPerson(t, company);
    const { status, body } = await calls.save(
      company.headers,
      completeDraft(1, { spocAssistant: assistant('fourth@invite.example') }),
    );
    expect(status).toBe(409);
    expect(body).toMatchObject({ code: 'TOO_MANY_PEOPLE' });
    expect(await usersOf(company)).toHaveLength(3);
    expect(await mailsTo('fourth@invite.example')).toEqual([]);
    expect((await calls.get(company.headers)).body.spocAssistant).toBeNull();
  });

  it('lets a third person in (the Initial Requester, the SPOC and the assistant), and not a disabled one’s place', async () => {
    const company = await createCompany(t);
    await addPerson(t, company);
    await addPerson(t, company, { status: 'DISABLED' });
    const { status } = await calls.save(
      company.headers,
      completeDraft(1, { spocAssistant: assistant('third@invite.example') }),
    );
    expect(status).toBe(200);
  });

  it('withdraws the invitation of an assistant who never accepted when replaced, so the place is free again', async () => {
    const company = await createCompany(t);
    await addPerson(t, company);
    await calls.save(company.headers, completeDraft(1, { spocAssistant: assistant('typo@invite.exmaple') }));
    const fixed = await calls.save(
      company.headers,
      completeDraft(2, { spocAssistant: assistant('right@invite.example') }),
    );
    expect(fixed.status).toBe(200);
    expect(fixed.body.spocAssistant).toMatchObject({ email: 'right@invite.example', status: 'INVITED' });
    const emails = (await usersOf(company)).map((user) => user.email);
    expect(emails).toHaveLength(3);
    expect(emails).toContain('right@invite.example');
    expect(emails).not.toContain('typo@invite.exmaple');

    // Removing the assistant withdraws their invitation too.
    const removed = await calls.save(company.headers, completeDraft(3, { spocAssistant: null }));
    expect(removed.body.spocAssistant).toBeNull();
    expect((await usersOf(company)).map((user) => user.email)).not.toContain('right@invite.example');
  });

  it('keeps an assistant who accepted (ACTIVE) when another is named', async () => {
    const company = await createCompany(t);
    await calls.save(company.headers, completeDraft(1, { spocAssistant: assistant('kept@invite.example') }));
    await t.db
      .updateTable('users')
      .set({ status: 'ACTIVE' })
      .where('email', '=', 'kept@invite.example')
      .execute();
    await calls.save(company.headers, completeDraft(2, { spocAssistant: assistant('new@invite.example') }));
    expect((await usersOf(company)).map((user) => user.email)).toEqual(
      expect.arrayContaining(['kept@invite.example', 'new@invite.example']),
    );
  });
});
