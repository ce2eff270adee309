import type { UserRow } from '@portal/contracts';
import { DEMO_ACCOUNTS } from '@portal/demo-data';
import type { ListPage } from '@portal/list-query';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMockContext } from './handlers';
import type { MockContext } from './mock-http';
import { userHandlers } from './users-handlers';

const NOW = new Date('2026-06-15T10:00:00Z');
const server = setupServer();
let context: MockContext;
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  context = createMockContext({ delayMs: 0, now: () => NOW });
  server.resetHandlers(...userHandlers(context));
});
afterAll(() => server.close());

const AUTH = { authorization: 'Bearer mock.ADMIN' };

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
const invite = (body: unknown) =>
  call<UserRow>('/api/users/invitations', { method: 'POST', body: JSON.stringify(body) });
const userOf = (email: string) => {
  const row = context.db.users.find((user) => user.email === email);
  if (!row) throw new Error(`No demo user ${email}`);
  return row;
};

describe('mock mode: /api/users (apps/api modules/users)', () => {
  it('lists the demo accounts and the companies’ users, each external one with their company', async () => {
    const all = await list('limit=100');
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(context.db.users.length);
    expect((await list('roles=ADMIN')).body.items.map((row) => row.email).sort()).toEqual([
      DEMO_ACCOUNTS.admin.email,
      DEMO_ACCOUNTS.lead.email,
    ]);
    const external = userOf(DEMO_ACCOUNTS.external.email);
    const company = context.db.organisations.find((row) => row.id === external.organisationId);
    const [row] = (await list(`search=${DEMO_ACCOUNTS.external.email}`)).body.items;
    expect(row).toEqual({
      id: external.id,
      name: 'Erik External',
      email: DEMO_ACCOUNTS.external.email,
      roles: ['EXTERNAL'],
      organisationId: company?.id,
      companyName: company?.legalName,
      obpNumber: company?.obpNumber,
      access: 'FULL',
      status: 'ACTIVE',
      lastSignInAt: null,
      version: 1,
    });
    const [reviewer] = (await list(`search=${DEMO_ACCOUNTS.reviewer.email}`)).body.items;
    expect(reviewer).toMatchObject({ access: null, companyName: null });
  });

  it('invites an internal user once: the user INVITED, a week’s link in the outbox, an INVITE audit row', async () => {
    const input = { email: 'new.one@example.com', firstName: 'New', lastName: 'One', role: 'ADMIN' };
    const first = await invite(input);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ name: 'New One', roles: ['ADMIN'], status: 'INVITED', version: 1 });
    const token = context.db.accountTokens.find((row) => row.userId === first.body.id);
    expect(token).toMatchObject({
      purpose: 'INVITATION',
      expiresAt: '2026-06-22T10:00:00.000Z',
      usedAt: null,
    });
    expect(context.db.outbox.at(-1)).toMatchObject({
      toAddress: 'new.one@example.com',
      link: `/confirm?token=${token?.token}`,
    });
    expect(context.db.auditLog.at(-1)).toMatchObject({
      actor: DEMO_ACCOUNTS.admin.email,
      action: 'INVITE',
      entity: 'user',
      entityId: first.body.id,
      diff: { email: 'new.one@example.com', roles: ['ADMIN'], status: 'INVITED' },
    });
    expect(await invite({ ...input, email: 'NEW.one@example.com' })).toMatchObject({
      status: 409,
      body: { code: 'USER_EMAIL_TAKEN' },
    });
  });

  it('refuses the signed-in admin disabling or demoting themselves', async () => {
    const self = userOf(DEMO_ACCOUNTS.admin.email);
    expect(await patch(self.id, { status: 'DISABLED', version: 1 })).toMatchObject({
      status: 409,
      body: { code: 'SELF_DISABLE' },
    });
    expect(await patch(self.id, { roles: ['EMVO'], version: 1 })).toMatchObject({
      status: 409,
      body: { code: 'SELF_DEMOTION' },
    });
    expect(self.version).toBe(1);
  });

  it('disables another admin (audited DISABLE); a stale version answers 409', async () => {
    const lead = userOf(DEMO_ACCOUNTS.lead.email);
    const disabled = await patch(lead.id, { status: 'DISABLED', version: 1 });
    expect(disabled).toMatchObject({ status: 200, body: { status: 'DISABLED', version: 2 } });
    expect(lead).toMatchObject({ status: 'DISABLED', updatedBy: DEMO_ACCOUNTS.admin.email });
    expect(context.db.auditLog.at(-1)).toMatchObject({
      action: 'DISABLE',
      diff: { status: { from: 'ACTIVE', to: 'DISABLED' } },
    });
    expect((await patch(lead.id, { status: 'ACTIVE', version: 1 })).body.code).toBe('VERSION_CONFLICT');
  });

  it('never removes the last active admin', async () => {
    // The signed-in admin is no administrator any more: the lead is the last one.
    userOf(DEMO_ACCOUNTS.admin.email).roles = ['EMVO'];
    const lead = userOf(DEMO_ACCOUNTS.lead.email);
    expect(await patch(lead.id, { status: 'DISABLED', version: 1 })).toMatchObject({
      status: 409,
      body: { code: 'LAST_ADMIN' },
    });
  });

  it('changes an external user’s access, not an internal user’s (400)', async () => {
    const external = userOf(DEMO_ACCOUNTS.external.email);
    expect(await patch(external.id, { access: 'REVOKED', version: 1 })).toMatchObject({
      status: 200,
      body: { access: 'REVOKED' },
    });
    const reviewer = userOf(DEMO_ACCOUNTS.reviewer.email);
    expect(await patch(reviewer.id, { access: 'REVOKED', version: 1 })).toMatchObject({
      status: 400,
      body: { code: 'ACCESS_EXTERNAL_ONLY' },
    });
  });
});
