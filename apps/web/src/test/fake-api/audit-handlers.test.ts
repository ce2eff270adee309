import type { AdminSummary, AuditRow } from '@portal/contracts';
import type { ListPage } from '@portal/list-query';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditHandlers } from './audit-handlers';
import { createMockContext } from './handlers';
import type { MockContext } from './mock-http';
import { writeAudit } from './mock-resource';

const server = setupServer();
let context: MockContext;
let now = new Date('2026-01-10T09:30:00Z');
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  context = createMockContext({ delayMs: 0, now: () => now });
  server.resetHandlers(...auditHandlers(context));
});
afterAll(() => server.close());

const as = (role: string) =>
  new Request(location.origin, { headers: { authorization: `Bearer mock.${role}` } });
/** A change written at `at` by the signed-in `role`, as every group's handlers write them. */
const write = (at: string, role: string, action: string, entity: string, diff?: unknown) => {
  now = new Date(`${at}T09:30:00Z`);
  writeAudit(context, as(role), { action, entity, entityId: `${entity}-1`, diff });
};

const call = async <T>(path: string) => {
  const response = await fetch(new URL(path, location.origin), {
    headers: { authorization: 'Bearer mock.ADMIN' },
  });
  return { status: response.status, body: (await response.json()) as T };
};

describe('mock mode: the audit trail (writeAudit) and its screens (apps/api modules/audit)', () => {
  it('writes the caller, the time, the client address, and never a secret in the clear', () => {
    write('2026-01-10', 'EMVO', 'ISSUE_SESSION_TOKEN', 'sessionToken', {
      status: { from: 'REQUESTED', to: 'ISSUED' },
      tokenValue: 'tok-123',
    });
    expect(context.db.auditLog).toEqual([
      {
        id: expect.any(String),
        actor: 'reviewer@portal.test',
        action: 'ISSUE_SESSION_TOKEN',
        entity: 'sessionToken',
        entityId: 'sessionToken-1',
        diff: { status: { from: 'REQUESTED', to: 'ISSUED' }, tokenValue: '[redacted]' },
        at: '2026-01-10T09:30:00.000Z',
        address: '127.0.0.1',
      },
    ]);
  });

  it('lists the trail newest first, filtered by actor, entity, action and date range', async () => {
    write('2026-01-10', 'ADMIN', 'CREATE', 'gateway');
    write('2026-02-02', 'ADMIN', 'UPDATE', 'gateway');
    write('2026-03-05', 'EMVO', 'APPROVE', 'check');
    write('2026-03-06', 'EMVO', 'ISSUE_SESSION_TOKEN', 'sessionToken');
    const all = await call<ListPage<AuditRow>>('/api/audit');
    expect(all.body.items.map((row) => row.action)).toEqual([
      'ISSUE_SESSION_TOKEN',
      'APPROVE',
      'UPDATE',
      'CREATE',
    ]);
    const actions = async (query: string) =>
      (await call<ListPage<AuditRow>>(`/api/audit?${query}`)).body.items.map((row) => row.action);
    expect(await actions('entity=gateway&order=at')).toEqual(['CREATE', 'UPDATE']);
    expect(await actions('action=APPROVE')).toEqual(['APPROVE']);
    expect(await actions('actor=*reviewer*')).toEqual(['ISSUE_SESSION_TOKEN', 'APPROVE']);
    expect(await actions('at.gte=2026-02-01&at.lt=2026-03-01')).toEqual(['UPDATE']);
  });

  it("answers the landing page's counts from the store and the latest five audit rows", async () => {
    for (let n = 0; n < 6; n += 1) write(`2026-04-0${n + 1}`, 'ADMIN', `STEP_${n}`, 'x');
    const { db } = context;
    const [invited] = db.users;
    if (invited) invited.status = 'INVITED';
    const { body } = await call<AdminSummary>('/api/admin/summary');
    expect(body).toEqual({
      pendingInvitations: 1,
      disclaimerDrafts: db.disclaimerContents.filter((row) => row.status === 'DRAFT').length,
      storageFiles: db.storedFiles.length,
      storageBytes: db.storedFiles.reduce((sum, file) => sum + file.size, 0),
      latestAudit: expect.any(Array),
      vitals: [
        { name: 'LCP', p75: null, samples: 0 },
        { name: 'INP', p75: null, samples: 0 },
        { name: 'CLS', p75: null, samples: 0 },
      ],
    });
    expect(body.disclaimerDrafts).toBeGreaterThan(0);
    expect(body.latestAudit.map((row) => row.action)).toEqual([
      'STEP_5',
      'STEP_4',
      'STEP_3',
      'STEP_2',
      'STEP_1',
    ]);
  });

  it('issue 23 item 19: names who and what, and follows one company by its OBP number or name', async () => {
    const company = context.db.organisations[0];
    const person = context.db.users.find((user) => user.organisationId === company?.id);
    if (!company || !person) throw new Error('the demo world has a company with a user');
    now = new Date('2026-04-01T09:30:00Z');
    writeAudit(context, as('ADMIN'), { action: 'SUBMIT', entity: 'organisation', entityId: company.id });
    now = new Date('2026-04-02T09:30:00Z');
    writeAudit(context, as('ADMIN'), { action: 'DISABLE', entity: 'user', entityId: person.id });
    write('2026-04-03', 'ADMIN', 'CREATE', 'gateway');
    const admin = context.db.users.find((user) => user.email === 'admin@portal.test');
    const byNumber = await call<ListPage<AuditRow>>(`/api/audit?search=${company.obpNumber}`);
    expect(byNumber.body.items).toEqual([
      expect.objectContaining({
        action: 'DISABLE',
        actorName: admin?.displayName,
        entityName: person.displayName,
        organisationId: company.id,
        companyName: company.legalName,
        obpNumber: company.obpNumber,
      }),
      expect.objectContaining({
        action: 'SUBMIT',
        entityName: company.legalName,
        companyName: company.legalName,
      }),
    ]);
    const byName = await call<ListPage<AuditRow>>(
      `/api/audit?search=${encodeURIComponent(company.legalName)}`,
    );
    expect(byName.body.items.map((row) => row.action)).toEqual(['DISABLE', 'SUBMIT']);
  });
});
