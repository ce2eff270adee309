import type { UserRow } from '@portal/contracts';
import type { ListPage } from '@portal/list-query';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_USERS } from './mock-auth';
import { userHandlers } from './users-handlers';

const NOW = new Date('2026-06-15T10:00:00Z');
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
let created = 0;
beforeEach(() => {
  created = 0;
  const newId = () => `e1000000-0000-4000-8000-${String(++created).padStart(12, '0')}`;
  server.resetHandlers(...userHandlers({ delayMs: 0, newId }, { now: () => NOW }));
});
afterAll(() => server.close());

const AUTH = { authorization: 'Bearer mock-token' };

async function call<T>(path: string, init: RequestInit = {}) {
  const response = await fetch(new URL(path, location.origin), {
    ...init,
    headers: { ...AUTH, 'content-type': 'application/json', ...init.headers },
  });
  return { status: response.status, body: (await response.json()) as T & { code?: string } };
}
const list = (query = '') => call<ListPage<UserRow>>(`/api/users${query ? `?${query}` : ''}`);
const patch = (id: string, body: unknown) =>
  call<UserRow>(`/api/users/${id}`, { method: 'PATCH', body: JSON.stringify(body) });
const byEmail = async (email: string) => {
  const row = (await list(`search=${encodeURIComponent(email)}`)).body.items[0];
  if (!row) throw new Error(`No demo user ${email}`);
  return row;
};

describe('mock mode: /api/users (apps/api modules/users)', () => {
  it('lists internal and external users, filtered by role, status and company', async () => {
    const all = await list('limit=100');
    expect(all.status).toBe(200);
    expect(new Set(all.body.items.map((row) => row.status))).toEqual(
      new Set(['INVITED', 'ACTIVE', 'DISABLED']),
    );
    const admins = (await list('roles=ADMIN')).body.items;
    expect(admins.every((row) => row.roles.includes('ADMIN'))).toBe(true);
    const external = (await list('roles=EXTERNAL&limit=1')).body.items[0];
    expect(external?.companyName).not.toBeNull();
    const company = await list(`companyName=${encodeURIComponent(external?.companyName ?? '')}`);
    expect(company.body.items.map((row) => row.id)).toEqual([external?.id]);
    const internal = await byEmail(DEMO_USERS.EMVO.email);
    expect(internal).toMatchObject({ access: null, companyName: null });
  });

  it('invites an internal user once; the address again answers 409 USER_EMAIL_TAKEN', async () => {
    const body = JSON.stringify({
      email: 'new.one@example.com',
      firstName: 'New',
      lastName: 'One',
      role: 'ADMIN',
    });
    const first = await call<UserRow>('/api/users/invitations', { method: 'POST', body });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ name: 'New One', roles: ['ADMIN'], status: 'INVITED' });
    const again = await call('/api/users/invitations', { method: 'POST', body });
    expect(again).toMatchObject({ status: 409, body: { code: 'USER_EMAIL_TAKEN' } });
  });

  it('refuses the signed-in admin disabling or demoting themselves', async () => {
    const self = await byEmail(DEMO_USERS.ADMIN.email);
    expect(await patch(self.id, { status: 'DISABLED', version: 1 })).toMatchObject({
      status: 409,
      body: { code: 'SELF_DISABLE' },
    });
    expect(await patch(self.id, { roles: ['EMVO'], version: 1 })).toMatchObject({
      status: 409,
      body: { code: 'SELF_DEMOTION' },
    });
  });

  it('disables another admin, then refuses the last one; a stale version answers 409', async () => {
    const alex = await byEmail('alex.admin@example.com');
    const disabled = await patch(alex.id, { status: 'DISABLED', version: 1 });
    expect(disabled).toMatchObject({ status: 200, body: { status: 'DISABLED', version: 2 } });
    expect((await patch(alex.id, { status: 'ACTIVE', version: 1 })).body.code).toBe('VERSION_CONFLICT');
    // Only the demo admin is left: demoting them (as someone else would) meets the last-admin rule.
    server.resetHandlers(
      ...userHandlers({ delayMs: 0, newId: () => 'unused' }, { now: () => NOW, self: 'someone@example.com' }),
    );
    const demo = await byEmail(DEMO_USERS.ADMIN.email);
    const alexAgain = await byEmail('alex.admin@example.com');
    expect((await patch(alexAgain.id, { status: 'DISABLED', version: 1 })).status).toBe(200);
    expect(await patch(demo.id, { status: 'DISABLED', version: 1 })).toMatchObject({
      status: 409,
      body: { code: 'LAST_ADMIN' },
    });
  });

  it('changes an external user’s access, not an internal user’s', async () => {
    const external = (await list('roles=EXTERNAL&access=FULL&limit=1')).body.items[0];
    if (!external) throw new Error('No external demo user with full access');
    expect(await patch(external.id, { access: 'REVOKED', version: external.version })).toMatchObject({
      status: 200,
      body: { access: 'REVOKED' },
    });
    const reviewer = await byEmail(DEMO_USERS.EMVO.email);
    expect((await patch(reviewer.id, { access: 'REVOKED', version: 1 })).status).toBe(400);
  });
});
