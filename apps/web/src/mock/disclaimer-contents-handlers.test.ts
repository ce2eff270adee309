import type { DisclaimerContent, PendingDisclaimers } from '@portal/contracts';
import type { ListPage } from '@portal/list-query';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { disclaimerContentsHandlers } from './disclaimer-contents-handlers';
import { demoId } from './mock-data';

const server = setupServer();
let ids = 0;
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  server.resetHandlers(...disclaimerContentsHandlers({ delayMs: 0, newId: () => demoId('e1', ++ids) }));
});
afterAll(() => server.close());

type Answer<T> = { status: number; body: T & { code?: string } };
async function call<T = DisclaimerContent>(path: string, method = 'GET', body?: unknown): Promise<Answer<T>> {
  const response = await fetch(new URL(path, location.origin), {
    method,
    headers: { authorization: 'Bearer mock-token', 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answered: unknown = response.status === 204 ? {} : await response.json();
  return { status: response.status, body: answered as Answer<T>['body'] };
}
const versionsOf = async (type: string) =>
  (await call<ListPage<DisclaimerContent>>(`/api/disclaimer-contents?type=${type}&order=-versionNumber`)).body
    .items;
const pending = async () => (await call<PendingDisclaimers>('/api/disclaimers/pending')).body.items;

describe('mock mode: /api/disclaimer-contents and the acceptances (apps/api modules/disclaimers)', () => {
  it('publishes the LOGIN draft, archiving the published version; it is then pending until accepted', async () => {
    expect(await pending()).toEqual([]);
    const [draft, published] = await versionsOf('LOGIN');
    expect([draft?.status, published?.status]).toEqual(['DRAFT', 'PUBLISHED']);
    if (!draft) throw new Error('No LOGIN draft');

    const done = await call(`/api/disclaimer-contents/${draft.id}/publish`, 'POST', {
      version: draft.version,
    });
    expect(done.body).toMatchObject({ status: 'PUBLISHED', version: draft.version + 1 });
    expect((await versionsOf('LOGIN')).map((row) => row.status)).toEqual(['PUBLISHED', 'ARCHIVED']);
    expect(await pending()).toEqual([
      expect.objectContaining({ type: 'LOGIN', version: draft.versionNumber }),
    ]);

    expect((await call('/api/disclaimers/LOGIN/acceptances', 'POST', { version: 1 })).body.code).toBe(
      'DISCLAIMER_OUTDATED',
    );
    const accepted = await call('/api/disclaimers/LOGIN/acceptances', 'POST', {
      version: draft.versionNumber,
    });
    expect(accepted.status).toBe(201);
    expect(await pending()).toEqual([]);
  });

  it('keeps one draft per type, edits only drafts, and deletes a draft', async () => {
    const created = await call('/api/disclaimer-contents', 'POST', {
      type: 'IIF',
      title: 'Invoicing',
      body: 'Text.',
    });
    expect(created.body).toMatchObject({ status: 'DRAFT', versionNumber: 1, version: 1 });
    const again = await call('/api/disclaimer-contents', 'POST', {
      type: 'IIF',
      title: 'Again',
      body: 'Text.',
    });
    expect(again).toMatchObject({ status: 409, body: { code: 'DISCLAIMER_DRAFT_EXISTS' } });
    const stale = await call(`/api/disclaimer-contents/${created.body.id}`, 'PUT', {
      title: 'New',
      body: 'New.',
      version: 9,
    });
    expect(stale.body.code).toBe('VERSION_CONFLICT');
    const [privacy] = await versionsOf('PRIVACY');
    const edit = { title: 'x', body: 'y', version: privacy?.version };
    expect((await call(`/api/disclaimer-contents/${privacy?.id}`, 'PUT', edit)).body.code).toBe(
      'DISCLAIMER_NOT_DRAFT',
    );
    expect((await call(`/api/disclaimer-contents/${privacy?.id}`, 'DELETE')).body.code).toBe(
      'DISCLAIMER_NOT_DRAFT',
    );
    expect((await call(`/api/disclaimer-contents/${created.body.id}?version=1`, 'DELETE')).status).toBe(204);
    expect(await versionsOf('IIF')).toEqual([]);
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

  it('answers the published text of a type, publicly', async () => {
    const response = await fetch(new URL('/api/disclaimers/PRIVACY', location.origin));
    expect(await response.json()).toMatchObject({ type: 'PRIVACY', version: 1, title: 'Privacy notice' });
  });
});
