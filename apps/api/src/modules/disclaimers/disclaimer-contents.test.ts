import type { DisclaimerContent } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOnboardingTestApp, type Headers, type TestApp } from '../../test/onboarding-test-kit.js';
import { approvedCompany, stepCalls } from '../../test/steps-test-kit.js';
import { XSRF_HEADERS } from '../../test/test-app.js';

let t: TestApp & { close: () => Promise<void> };
let admin: Headers;

beforeAll(async () => {
  t = await createOnboardingTestApp();
  admin = await t.bearer('EmvoPortalAdmin');
});
afterAll(() => t.close());

type Body = DisclaimerContent & { code?: string; acceptedAt?: string };
const call = async (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Headers,
  payload?: object,
) => {
  const response = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  return { status: response.statusCode, body: (response.body ? response.json() : undefined) as Body };
};

const draft = (type: string, title: string, body: string, requiresAcceptance = true) =>
  call('POST', '/api/disclaimer-contents', admin, { type, title, body, requiresAcceptance });
const publish = (content: { id: string; version: number }, headers = admin) =>
  call('POST', `/api/disclaimer-contents/${content.id}/publish`, headers, { version: content.version });

/** A draft created and published through the API. */
async function published(type: string, title: string, body: string, requiresAcceptance = true) {
  const created = await draft(type, title, body, requiresAcceptance);
  expect(created.status).toBe(201);
  const done = await publish(created.body);
  expect(done.status).toBe(200);
  return done.body;
}

const auditOf = (entityId: string) =>
  t.db
    .selectFrom('auditLog')
    .select(['action', 'actor'])
    .where('entityId', '=', entityId)
    .orderBy('id')
    .execute();

/** A portal user of any role, with their token's headers. */
async function signedInUser(
  name: string,
  role = 'EmvoPortalInternal',
  roles: Array<'EMVO' | 'ADMIN'> = ['EMVO'],
) {
  const email = `${name}@portal.test`;
  await t.db
    .insertInto('users')
    .values({ email, displayName: name, externalId: `oid-${name}`, roles, createdBy: 't', updatedBy: 't' })
    .execute();
  return {
    authorization: `Bearer ${await t.sign({ roles: [role], sub: `oid-${name}`, emails: [email] })}`,
    ...XSRF_HEADERS,
  };
}

const pending = async (headers: Headers) => {
  const response = await t.app.inject({ method: 'GET', url: '/api/disclaimers/pending', headers });
  expect(response.statusCode).toBe(200);
  return (response.json() as { items: Array<{ type: string; version: number }> }).items;
};
const accept = (headers: Headers, type: string, version: number) =>
  call('POST', `/api/disclaimers/${type}/acceptances`, headers, { version });

describe('drafts and publishing (domain.md /admin/disclaimer-contents)', () => {
  it('publishes a draft and archives the previous version in one go, with audit rows and the history', async () => {
    const first = await published('PRIVACY', 'Privacy v1', 'We keep **little**.');
    expect(first).toMatchObject({ status: 'PUBLISHED', versionNumber: 1, publishedBy: expect.any(String) });
    const second = await draft('PRIVACY', 'Privacy v2', 'We keep less.');
    expect(second.body).toMatchObject({
      status: 'DRAFT',
      versionNumber: 2,
      publishedAt: null,
      publishedBy: null,
    });

    const done = await publish(second.body);
    expect(done.body).toMatchObject({
      status: 'PUBLISHED',
      versionNumber: 2,
      publishedAt: expect.any(String),
    });
    const history = await call('GET', '/api/disclaimer-contents?type=PRIVACY', admin);
    expect(history.status).toBe(200);
    const items = (history.body as unknown as { items: DisclaimerContent[] }).items;
    expect(items.map((item) => [item.versionNumber, item.status])).toEqual([
      [2, 'PUBLISHED'],
      [1, 'ARCHIVED'],
    ]);
    // The archived version still names who published it.
    expect(items[1]?.publishedBy).toBe(first.publishedBy);
    expect((await auditOf(first.id)).map((row) => row.action)).toEqual(['CREATE', 'PUBLISH', 'ARCHIVE']);
    expect((await auditOf(second.body.id)).map((row) => row.action)).toEqual(['CREATE', 'PUBLISH']);
    // The public read answers the new one.
    const read = await t.app.inject({ method: 'GET', url: '/api/disclaimers/PRIVACY' });
    expect(read.json()).toMatchObject({ version: 2, title: 'Privacy v2' });
  });

  it('edits a draft at its version: 409 VERSION_CONFLICT when stale, DISCLAIMER_NOT_DRAFT once published', async () => {
    const created = (await draft('IIF', 'Invoicing', 'Text.')).body;
    const edited = await call('PUT', `/api/disclaimer-contents/${created.id}`, admin, {
      title: 'Invoicing form',
      body: 'New text.',
      requiresAcceptance: false,
      version: created.version,
    });
    expect(edited).toMatchObject({
      status: 200,
      body: { title: 'Invoicing form', version: created.version + 1 },
    });
    const stale = { title: 'Again', body: 'Again.', version: created.version };
    expect(await call('PUT', `/api/disclaimer-contents/${created.id}`, admin, stale)).toMatchObject({
      status: 409,
      body: { code: 'VERSION_CONFLICT' },
    });
    expect(await publish(created)).toMatchObject({ status: 409, body: { code: 'VERSION_CONFLICT' } });
    const done = await publish(edited.body);
    expect(done.status).toBe(200);
    expect(
      await call('PUT', `/api/disclaimer-contents/${created.id}`, admin, {
        ...stale,
        version: done.body.version,
      }),
    ).toMatchObject({ status: 409, body: { code: 'DISCLAIMER_NOT_DRAFT' } });
    expect(await publish(done.body)).toMatchObject({ status: 409, body: { code: 'DISCLAIMER_NOT_DRAFT' } });
    expect(
      await call('DELETE', `/api/disclaimer-contents/${created.id}?version=${done.body.version}`, admin),
    ).toMatchObject({ status: 409, body: { code: 'DISCLAIMER_NOT_DRAFT' } });
  });

  it('keeps one draft per type, and deletes a draft', async () => {
    const created = (await draft('FOOTER_LEGAL', 'Legal', 'Text.', false)).body;
    expect(await draft('FOOTER_LEGAL', 'Legal again', 'Text.')).toMatchObject({
      status: 409,
      body: { code: 'DISCLAIMER_DRAFT_EXISTS' },
    });
    const removed = await call(
      'DELETE',
      `/api/disclaimer-contents/${created.id}?version=${created.version}`,
      admin,
    );
    expect(removed.status).toBe(204);
    expect((await call('GET', `/api/disclaimer-contents/${created.id}`, admin)).status).toBe(404);
    expect((await auditOf(created.id)).map((row) => row.action)).toEqual(['CREATE', 'DELETE']);
    expect((await draft('FOOTER_LEGAL', 'Legal', 'Text.')).status).toBe(201);
  });

  it('answers 400 for an invalid draft and 404 for an unknown content', async () => {
    expect(await draft('COOKIES', 'Cookies', 'Text.')).toMatchObject({ status: 400 });
    expect(await draft('LOGIN', '', 'Text.')).toMatchObject({ status: 400 });
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(await publish({ id: unknown, version: 1 })).toMatchObject({
      status: 404,
      body: { code: 'NOT_FOUND' },
    });
  });

  it('refuses the administrators routes to anyone else (403)', async () => {
    const created = (await draft('REGISTRATION', 'Terms', 'Text.')).body;
    for (const role of ['EmvoPortalInternal', 'EmvoPortalExternal']) {
      const headers = await t.bearer(role);
      expect((await call('GET', '/api/disclaimer-contents', headers)).status).toBe(403);
      expect((await publish(created, headers)).status).toBe(403);
      expect((await call('DELETE', `/api/disclaimer-contents/${created.id}`, headers)).status).toBe(403);
    }
    expect((await call('GET', `/api/disclaimer-contents/${created.id}`, admin)).body.status).toBe('DRAFT');
  });
});

describe('acceptance at sign-in', () => {
  it('lists a published LOGIN text until accepted, records the acceptance, and asks again for a new version', async () => {
    const user = await signedInUser('reviewer-one');
    const login = await published('LOGIN', 'Welcome', 'Use the portal **lawfully**.');
    expect(await pending(user)).toContainEqual(
      expect.objectContaining({ type: 'LOGIN', version: login.versionNumber, title: 'Welcome' }),
    );

    const accepted = await accept(user, 'LOGIN', login.versionNumber);
    expect(accepted).toMatchObject({
      status: 201,
      body: { type: 'LOGIN', version: login.versionNumber, acceptedAt: expect.any(String) },
    });
    const stored = await t.db
      .selectFrom('disclaimerAcceptances')
      .innerJoin('users', 'users.id', 'disclaimerAcceptances.userId')
      .select(['users.email', 'disclaimerAcceptances.disclaimerContentId', 'disclaimerAcceptances.at'])
      .where('disclaimerAcceptances.disclaimerContentId', '=', login.id)
      .execute();
    expect(stored).toEqual([
      { email: 'reviewer-one@portal.test', disclaimerContentId: login.id, at: expect.any(Date) },
    ]);
    expect((await pending(user)).map((item) => item.type)).not.toContain('LOGIN');
    // Accepting again keeps the first time.
    expect((await accept(user, 'LOGIN', login.versionNumber)).body.acceptedAt).toBe(accepted.body.acceptedAt);

    const next = await published('LOGIN', 'Welcome again', 'New rules.');
    expect(await pending(user)).toContainEqual(
      expect.objectContaining({ type: 'LOGIN', version: next.versionNumber }),
    );
    // The version read before is no longer the published one.
    expect(await accept(user, 'LOGIN', login.versionNumber)).toMatchObject({
      status: 409,
      body: { code: 'DISCLAIMER_OUTDATED' },
    });
    expect((await accept(user, 'LOGIN', next.versionNumber)).status).toBe(201);
    expect((await pending(user)).map((item) => item.type)).not.toContain('LOGIN');
  });

  it('leaves out texts that need no acceptance and types accepted elsewhere', async () => {
    const user = await signedInUser('reviewer-two');
    const before = await pending(user);
    await published('IIF', 'Invoicing', 'Accepted with the invoicing form.');
    expect(await pending(user)).toEqual(before);
    expect(before.every((item) => ['LOGIN', 'PRIVACY', 'FOOTER_LEGAL'].includes(item.type))).toBe(true);
  });

  it('answers 404 for a type with nothing published and 403 for a token with no portal user', async () => {
    const user = await signedInUser('reviewer-three');
    expect(await accept(user, 'COOKIES', 1)).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    // A token whose subject and email the directory does not know opens nothing.
    const stranger = {
      authorization: `Bearer ${await t.sign({ roles: ['EmvoPortalInternal'], sub: 'oid-stranger', emails: ['stranger@nowhere.test'] })}`,
      ...XSRF_HEADERS,
    };
    const refused = await t.app.inject({ url: '/api/disclaimers/pending', headers: stranger });
    expect(refused.statusCode).toBe(403);
    expect(await accept(stranger, 'LOGIN', 1)).toMatchObject({
      status: 403,
      body: { code: 'ACCESS_WITHDRAWN' },
    });
  });
});

describe('PA_TICKBOX: the onboarding tick boxes read the published text', () => {
  it('refuses to publish a text without the two statements, and shows the new statements once published', async () => {
    const company = await approvedCompany(t);
    const calls = stepCalls(t);
    const wrong = (await draft('PA_TICKBOX', 'Agreement', 'Only one statement.')).body;
    expect(await publish(wrong)).toMatchObject({
      status: 400,
      body: { code: 'DISCLAIMER_TICKBOXES_INVALID' },
    });
    await call('DELETE', `/api/disclaimer-contents/${wrong.id}?version=${wrong.version}`, admin);

    const first = await published(
      'PA_TICKBOX',
      'Agreement',
      'I accept the terms.\n\nI may sign for the company.',
    );
    expect((await calls.get(company.headers)).body.contractual.tickBoxes).toEqual({
      disclaimerVersion: first.versionNumber,
      title: 'Agreement',
      texts: ['I accept the terms.', 'I may sign for the company.'],
    });
    const second = await published(
      'PA_TICKBOX',
      'Agreement 2',
      'I accept the new terms.\n\nI still may sign.',
    );
    expect((await calls.get(company.headers)).body.contractual.tickBoxes).toEqual({
      disclaimerVersion: second.versionNumber,
      title: 'Agreement 2',
      texts: ['I accept the new terms.', 'I still may sign.'],
    });
  });
});
