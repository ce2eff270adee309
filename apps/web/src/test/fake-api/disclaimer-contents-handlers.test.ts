import type { DisclaimerContent, PendingDisclaimers } from '@portal/contracts';
import { DEMO_ACCOUNTS } from '@portal/demo-data';
import type { ListPage } from '@portal/list-query';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { disclaimerContentsHandlers } from './disclaimer-contents-handlers';
import { createMockContext } from './handlers';
import type { MockContext } from './mock-http';

const server = setupServer();
let context: MockContext;
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  context = createMockContext({ delayMs: 0, now: () => new Date('2026-06-15T10:00:00Z') });
  server.resetHandlers(...disclaimerContentsHandlers(context));
});
afterAll(() => server.close());

type Answer<T> = { status: number; body: T & { code?: string } };
async function call<T = DisclaimerContent>(
  path: string,
  method = 'GET',
  body?: unknown,
  role = 'ADMIN',
): Promise<Answer<T>> {
  const response = await fetch(new URL(path, location.origin), {
    method,
    headers: { authorization: `Bearer mock.${role}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answered: unknown = response.status === 204 ? {} : await response.json();
  return { status: response.status, body: answered as Answer<T>['body'] };
}
const versionsOf = async (type: string) =>
  (await call<ListPage<DisclaimerContent>>(`/api/disclaimer-contents?type=${type}&order=-versionNumber`)).body
    .items;
const pending = async (role: string) =>
  (await call<PendingDisclaimers>('/api/disclaimers/pending', 'GET', undefined, role)).body.items;

describe('mock mode: /api/disclaimer-contents and the acceptances (apps/api modules/disclaimers)', () => {
  it('publishes the PRIVACY draft, archiving the published version; it is then pending until accepted', async () => {
    expect(await pending('EXTERNAL')).toEqual([]);
    const [draft, published] = await versionsOf('PRIVACY');
    expect([draft?.status, published?.status]).toEqual(['DRAFT', 'PUBLISHED']);
    if (!draft || !published) throw new Error('No PRIVACY draft');

    const done = await call(`/api/disclaimer-contents/${draft.id}/publish`, 'POST', {
      version: draft.version,
    });
    expect(done.body).toMatchObject({
      status: 'PUBLISHED',
      version: draft.version + 1,
      publishedAt: '2026-06-15T10:00:00.000Z',
      publishedBy: DEMO_ACCOUNTS.admin.email,
    });
    expect((await versionsOf('PRIVACY')).map((row) => row.status)).toEqual(['PUBLISHED', 'ARCHIVED']);
    expect(context.db.auditLog.map((row) => [row.action, row.entityId])).toEqual([
      ['ARCHIVE', published.id],
      ['PUBLISH', draft.id],
    ]);
    expect(await pending('EXTERNAL')).toEqual([expect.objectContaining({ type: 'PRIVACY', version: 2 })]);

    const outdated = await call('/api/disclaimers/PRIVACY/acceptances', 'POST', { version: 1 }, 'EXTERNAL');
    expect(outdated.body.code).toBe('DISCLAIMER_OUTDATED');
    const accepted = await call('/api/disclaimers/PRIVACY/acceptances', 'POST', { version: 2 }, 'EXTERNAL');
    expect(accepted).toMatchObject({ status: 201, body: { acceptedAt: '2026-06-15T10:00:00.000Z' } });
    expect(context.db.disclaimerAcceptances).toHaveLength(1);
    // Each user accepts for themselves: the reviewer has still to.
    expect(await pending('EXTERNAL')).toEqual([]);
    expect(await pending('EMVO')).toHaveLength(1);
    // Accepting twice keeps the first.
    await call('/api/disclaimers/PRIVACY/acceptances', 'POST', { version: 2 }, 'EXTERNAL');
    expect(context.db.disclaimerAcceptances).toHaveLength(1);
  });

  it('keeps one draft per type, numbered the type’s next version, edits only drafts, and deletes a draft', async () => {
    const created = await call('/api/disclaimer-contents', 'POST', {
      type: 'IIF',
      title: 'Invoicing',
      body: 'Text.',
    });
    expect(created.body).toMatchObject({
      status: 'DRAFT',
      versionNumber: 2,
      version: 1,
      publishedBy: null,
      createdBy: DEMO_ACCOUNTS.admin.email,
    });
    const again = await call('/api/disclaimer-contents', 'POST', {
      type: 'IIF',
      title: 'Again',
      body: 'Text.',
    });
    expect(again).toMatchObject({ status: 409, body: { code: 'DISCLAIMER_DRAFT_EXISTS' } });
    const path = `/api/disclaimer-contents/${created.body.id}`;
    expect((await call(path, 'PUT', { title: 'New', body: 'New.', version: 9 })).body.code).toBe(
      'VERSION_CONFLICT',
    );
    expect(await call(path, 'PUT', { title: 'New', body: 'New.', version: 1 })).toMatchObject({
      status: 200,
      body: { title: 'New', version: 2 },
    });
    const [privacy] = (await versionsOf('PRIVACY')).filter((row) => row.status === 'PUBLISHED');
    const edit = { title: 'x', body: 'y', version: privacy?.version };
    expect((await call(`/api/disclaimer-contents/${privacy?.id}`, 'PUT', edit)).body.code).toBe(
      'DISCLAIMER_NOT_DRAFT',
    );
    expect((await call(`/api/disclaimer-contents/${privacy?.id}`, 'DELETE')).body.code).toBe(
      'DISCLAIMER_NOT_DRAFT',
    );
    expect((await call(`${path}?version=2`, 'DELETE')).status).toBe(204);
    expect((await versionsOf('IIF')).map((row) => row.status)).toEqual(['PUBLISHED']);
  });

  it('refuses a tick-box text without two statements', async () => {
    const created = await call('/api/disclaimer-contents', 'POST', {
      type: 'PA_TICKBOX',
      title: 'Agreement',
      body: 'One statement only.',
    });
    const published = await call(`/api/disclaimer-contents/${created.body.id}/publish`, 'POST', {
      version: 1,
    });
    expect(published).toMatchObject({ status: 400, body: { code: 'DISCLAIMER_TICKBOXES_INVALID' } });
  });

  it('answers the published text of a type, publicly: REGISTRATION’s for the registration form', async () => {
    const response = await fetch(new URL('/api/disclaimers/REGISTRATION', location.origin));
    expect(await response.json()).toEqual({
      type: 'REGISTRATION',
      version: 2,
      title: 'Registration',
      body: expect.stringContaining('act on behalf of the company'),
      requiresAcceptance: true,
    });
    expect((await fetch(new URL('/api/disclaimers/NOPE', location.origin))).status).toBe(404);
  });
});
