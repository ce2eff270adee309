import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { writeAudit } from '../../db/audit.js';
import { multipartBody, SAMPLES, uploadForm } from '../../storage/test-uploads.js';
import {
  PASSWORD,
  publishRegistrationDisclaimer,
  registered,
  useToken,
} from '../../test/registration-test-kit.js';
import { createTestApp } from '../../test/test-app.js';
import { seedOrganisation, seedUser } from '../../test/users-test-kit.js';
import { secretsInDiff } from './audit-secrets.js';

type App = Awaited<ReturnType<typeof createTestApp>>;
type Headers = Record<string, string>;

let t: App;
let admin: Headers;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.bearer('EmvoPortalAdmin');
});
afterAll(() => t.app.close());

const get = (url: string, headers: Headers = admin) => t.app.inject({ url, headers });

describe('GET /api/audit', () => {
  beforeEach(async () => {
    await t.db.deleteFrom('auditLog').execute();
    await t.db
      .insertInto('auditLog')
      .values([
        {
          actor: 'ada@portal.test',
          action: 'CREATE',
          entity: 'gateway',
          entityId: 'g1',
          at: new Date('2026-01-05T10:00:00Z'),
          diff: JSON.stringify({ name: 'Hub' }),
        },
        {
          actor: 'ada@portal.test',
          action: 'UPDATE',
          entity: 'gateway',
          entityId: 'g1',
          at: new Date('2026-02-05T10:00:00Z'),
          diff: JSON.stringify({ name: { from: 'Hub', to: 'Hub 2' } }),
        },
        {
          actor: 'rita@emvo.test',
          action: 'APPROVE',
          entity: 'check',
          entityId: 'c1',
          at: new Date('2026-03-05T10:00:00Z'),
          diff: null,
        },
      ])
      .execute();
  });

  const actions = async (query: string) =>
    (await get(`/api/audit${query}`)).json().items.map((row: { action: string }) => row.action);

  it('answers the rows newest first, each diff as written', async () => {
    const page = (await get('/api/audit')).json();
    expect(page).toMatchObject({ total: 3, totalEstimated: false });
    expect(page.items[0]).toEqual({
      id: expect.any(String),
      at: '2026-03-05T10:00:00.000Z',
      actor: 'rita@emvo.test',
      // Nobody of that address, no check of that id: nothing to name.
      actorName: null,
      action: 'APPROVE',
      entity: 'check',
      entityId: 'c1',
      entityName: null,
      organisationId: null,
      companyName: null,
      obpNumber: null,
      diff: null,
      // Written straight into the table, as no request made it (the client address, else null).
      address: null,
      // No check of that id, no assignment: no check type, environment or assignee to name.
      checkType: null,
      environment: null,
      assigneeName: null,
    });
    expect(page.items[1].diff).toEqual({ name: { from: 'Hub', to: 'Hub 2' } });
  });

  it.each([
    ['actor', '?actor=ada@portal.test', ['UPDATE', 'CREATE']],
    ['entity', '?entity=check', ['APPROVE']],
    ['action', '?action=CREATE', ['CREATE']],
    ['a date range', '?at.gte=2026-02-01&at.lt=2026-03-01', ['UPDATE']],
    ['free text', '?search=rita', ['APPROVE']],
    ['oldest first', '?order=at', ['CREATE', 'UPDATE', 'APPROVE']],
  ])('filters by %s', async (_case, query, expected) => {
    expect(await actions(query)).toEqual(expected);
  });

  it('Names who and what, and follows one company by its OBP number or name', async () => {
    const companyId = await seedOrganisation(t, 'Audit Pharma Ltd');
    const company = await t.db
      .selectFrom('organisations')
      .select(['id', 'legalName', 'obpNumber'])
      .where('id', '=', companyId)
      .executeTakeFirstOrThrow();
    const person = await seedUser(t, 'Paula Person', { roles: ['EXTERNAL'], organisationId: companyId });
    const admin = await seedUser(t, 'Ada Auditor');
    await t.db
      .insertInto('auditLog')
      .values([
        {
          // An address in other letters is the same person's.
          actor: admin.email.toUpperCase(),
          action: 'SUBMIT',
          entity: 'organisation',
          entityId: company.id,
          at: new Date('2026-04-01T10:00:00Z'),
        },
        {
          actor: admin.email,
          action: 'DISABLE',
          entity: 'user',
          entityId: person.id,
          at: new Date('2026-04-02T10:00:00Z'),
        },
      ])
      .execute();
    const byNumber = (await get(`/api/audit?search=${company.obpNumber}`)).json();
    expect(byNumber.items).toEqual([
      expect.objectContaining({
        action: 'DISABLE',
        actorName: 'Ada Auditor',
        entityName: 'Paula Person',
        organisationId: company.id,
        companyName: company.legalName,
        obpNumber: company.obpNumber,
      }),
      expect.objectContaining({
        action: 'SUBMIT',
        actorName: 'Ada Auditor',
        entityName: company.legalName,
        companyName: company.legalName,
      }),
    ]);
    const byName = (await get(`/api/audit?search=${encodeURIComponent(company.legalName)}`)).json();
    expect(byName.items.map((row: { action: string }) => row.action)).toEqual(['DISABLE', 'SUBMIT']);
    const filtered = (await get(`/api/audit?organisationId=${company.id}`)).json();
    expect(filtered.total).toBe(2);
  });

  it('answers 400 to a field it does not know, 403 to a reviewer', async () => {
    expect((await get('/api/audit?diff=x')).statusCode).toBe(400);
    expect((await get('/api/audit', await t.bearer('EmvoPortalInternal'))).statusCode).toBe(403);
  });
});

describe('GET /api/admin/summary', () => {
  it('counts pending invitations, drafts, storage used and answers the latest five audit rows', async () => {
    await t.db.deleteFrom('auditLog').execute();
    const audit = { createdBy: 't', updatedBy: 't' };
    await t.db
      .insertInto('users')
      .values([
        { email: 'new@portal.test', displayName: 'New', roles: ['EMVO'], status: 'INVITED', ...audit },
        { email: 'old@portal.test', displayName: 'Old', roles: ['EMVO'], status: 'ACTIVE', ...audit },
      ])
      .execute();
    await t.db
      .insertInto('disclaimerContents')
      .values({
        type: 'PRIVACY',
        versionNumber: 99,
        title: 'Privacy',
        body: 'Draft',
        status: 'DRAFT',
        ...audit,
      })
      .execute();
    const before = (await get('/api/admin/summary')).json();
    const body = await multipartBody(
      uploadForm({ purpose: 'DOCUMENT' }, [{ name: 'a.pdf', content: SAMPLES.pdf }]),
    );
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/files',
      payload: body.payload,
      headers: { ...admin, ...body.headers },
    });
    for (let n = 0; n < 6; n += 1) {
      await writeAudit(t.db, { actor: 'ada', action: 'UPDATE', entity: 'x', entityId: `ROW_${n}` });
    }
    const summary = (await get('/api/admin/summary')).json();
    expect(summary).toMatchObject({
      pendingInvitations: before.pendingInvitations,
      disclaimerDrafts: before.disclaimerDrafts,
      storageFiles: before.storageFiles + 1,
      storageBytes: before.storageBytes + SAMPLES.pdf.length,
    });
    expect(before.pendingInvitations).toBeGreaterThanOrEqual(1);
    expect(before.disclaimerDrafts).toBeGreaterThanOrEqual(1);
    expect(summary.latestAudit.map((row: { entityId: string }) => row.entityId)).toEqual([
      'ROW_5',
      'ROW_4',
      'ROW_3',
      'ROW_2',
      'ROW_1',
    ]);
    expect((await get('/api/admin/summary', await t.bearer('EmvoPortalExternal'))).statusCode).toBe(403);
  });
});

describe('secrets never appear in a diff', () => {
  it('walks every audit row a registration, its password, uploads and a careless writer leave', async () => {
    await publishRegistrationDisclaimer(t);
    const { token } = await registered(t);
    expect((await useToken(t, token, { password: PASSWORD })).statusCode).toBeLessThan(300);
    // A writer that forgot to leave its secrets out: writeAudit still redacts them.
    await writeAudit(t.db, {
      actor: 'careless',
      action: 'UPDATE',
      entity: 'settings',
      entityId: 's1',
      diff: { smtp: { password: 'hunter2-Secret' }, tokenValue: { from: null, to: 'tok-123456789abcdef' } },
    });
    const rows = await t.db.selectFrom('auditLog').select(['entity', 'action', 'diff']).execute();
    expect(rows.length).toBeGreaterThan(3);
    const leaks = rows.flatMap((row) =>
      secretsInDiff(row.diff, [PASSWORD, token, 'hunter2-Secret', 'tok-123456789abcdef']).map(
        (path) => `${row.entity} ${row.action} ${path}`,
      ),
    );
    expect(leaks).toEqual([]);
  });
});
