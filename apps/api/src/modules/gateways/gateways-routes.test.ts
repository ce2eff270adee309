import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.js';

type App = Awaited<ReturnType<typeof createTestApp>>;
let t: App;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.bearer('EmvoPortalAdmin');
});
afterAll(() => t.app.close());

async function clear() {
  await t.db.deleteFrom('organisations').execute();
  await t.db.deleteFrom('gateways').execute();
  await t.db.deleteFrom('auditLog').execute();
}

const audit = { createdBy: 'seed', updatedBy: 'seed' };
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/** Organisations that chose the gateway: what makes it "in use". */
async function useGateway(gatewayId: string, count = 1) {
  const existing = await t.db.selectFrom('organisations').select('id').execute();
  await t.db
    .insertInto('organisations')
    .values(
      Array.from({ length: count }, (_, index) => ({
        obpNumber: `C${String(existing.length + index + 1).padStart(5, '0')}`,
        legalName: `Company ${existing.length + index + 1}`,
        orgType: 'OPM' as const,
        stage: 'TECHNICAL_IQE' as const,
        gatewayId,
        ...audit,
      })),
    )
    .execute();
}

const auditRows = () => t.db.selectFrom('auditLog').selectAll().orderBy('id').execute();

describe('GET /api/gateways: the list query language over gateways', () => {
  // A small, hand-made table, so every expected answer can be read off it.
  const GATEWAYS = [
    {
      name: 'Alpha Gateway',
      type: 'EMVO_GATEWAY',
      environments: ['IQE', 'PRD'],
      certified: true,
      certifiedAt: new Date('2025-01-10T00:00:00Z'),
      active: true,
      website: 'https://alpha.example',
      contactEmail: 'ops@alpha.example',
      createdAt: new Date('2026-01-01T00:00:00Z'),
    },
    {
      name: 'Bravo Connect',
      type: 'PROVIDER',
      environments: ['IQE'],
      certified: false,
      certifiedAt: null,
      active: true,
      website: 'https://bravo.example',
      contactEmail: null,
      createdAt: new Date('2026-02-01T00:00:00Z'),
    },
    {
      name: 'Charlie Link',
      type: 'PROVIDER',
      environments: ['PRD'],
      certified: true,
      certifiedAt: new Date('2025-06-01T00:00:00Z'),
      active: false,
      website: null,
      contactEmail: 'help@charlie.example',
      createdAt: new Date('2026-03-01T00:00:00Z'),
    },
    {
      name: 'Delta Direct',
      type: 'OWN_CONNECTION',
      environments: ['IQE', 'PRD'],
      certified: false,
      certifiedAt: null,
      active: true,
      website: null,
      contactEmail: null,
      createdAt: new Date('2026-04-01T00:00:00Z'),
    },
    {
      name: 'Echo Hub',
      type: 'PROVIDER',
      environments: ['IQE', 'PRD'],
      certified: true,
      certifiedAt: new Date('2025-09-01T00:00:00Z'),
      active: true,
      website: 'https://echo-hub.example',
      contactEmail: 'team@echo.example',
      createdAt: new Date('2026-05-01T00:00:00Z'),
    },
  ] as const;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    await clear();
    const rows = await t.db
      .insertInto('gateways')
      .values(
        GATEWAYS.map((gateway) => ({
          ...gateway,
          environments: [...gateway.environments],
          updatedAt: gateway.createdAt,
          ...audit,
        })),
      )
      .returning(['id', 'name'])
      .execute();
    for (const row of rows) ids[row.name] = row.id;
    await useGateway(ids['Alpha Gateway'] ?? '', 2);
    await useGateway(ids['Charlie Link'] ?? '', 1);
  });

  async function list(query: string, headers = admin) {
    const response = await t.app.inject({ method: 'GET', url: `/api/gateways?${query}`, headers });
    return { status: response.statusCode, body: response.json() };
  }
  const names = (body: { items: Array<{ name: string }> }) => body.items.map((row) => row.name.split(' ')[0]);

  it.each([
    [
      'no query: every gateway by name (the default order)',
      '',
      ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo'],
    ],
    ['environments=IQE: those that offer IQE', 'environments=IQE', ['Alpha', 'Bravo', 'Delta', 'Echo']],
    ['environments=PRD: those that offer PRD', 'environments=PRD', ['Alpha', 'Charlie', 'Delta', 'Echo']],
    ['environments=IQE,PRD: those that offer both', 'environments=IQE,PRD', ['Alpha', 'Delta', 'Echo']],
    ['environments.not=PRD: those without PRD', 'environments.not=PRD', ['Bravo']],
    ['environments.not=IQE,PRD: those without both', 'environments.not=IQE,PRD', ['Bravo', 'Charlie']],
    ['an enum', 'type=PROVIDER', ['Bravo', 'Charlie', 'Echo']],
    ['an enum, not', 'type.not=PROVIDER', ['Alpha', 'Delta']],
    ['an enum, any of a list', 'type=EMVO_GATEWAY,OWN_CONNECTION', ['Alpha', 'Delta']],
    ['certified, a boolean', 'certified=true', ['Alpha', 'Charlie', 'Echo']],
    ['active, a boolean', 'active=false', ['Charlie']],
    ['certifiedAt, a date', 'certifiedAt.gte=2025-06-01', ['Charlie', 'Echo']],
    ['createdAt, a date', 'createdAt.lt=2026-03-01', ['Alpha', 'Bravo']],
    ['updatedAt, a date', 'updatedAt.gte=2026-04-01', ['Delta', 'Echo']],
    ['name contains, case-insensitive', 'name=*LINK*', ['Charlie']],
    ['name starts', 'name=b*', ['Bravo']],
    ['website contains', 'website=*hub*', ['Echo']],
    ['contactEmail ends', 'contactEmail=*@charlie.example', ['Charlie']],
    ['free text matches the name', 'search=delta', ['Delta']],
    ['free text matches the website', 'search=bravo.example', ['Bravo']],
    ['free text matches the contact email', 'search=ops@', ['Alpha']],
    ['whereMulti or with an array filter', 'or.environments.not=PRD&or.active=false', ['Bravo', 'Charlie']],
    ['an array filter and another filter', 'environments=PRD&certified=false', ['Delta']],
    ['order descending', 'order=-name', ['Echo', 'Delta', 'Charlie', 'Bravo', 'Alpha']],
    ['order by several keys', 'order=type,-name', ['Alpha', 'Delta', 'Echo', 'Charlie', 'Bravo']],
    ['order by a date', 'certified=true&order=-certifiedAt', ['Echo', 'Charlie', 'Alpha']],
    ['page and limit', 'page=2&limit=2', ['Charlie', 'Delta']],
  ])('%s', async (_rule, query, expected) => {
    const { status, body } = await list(query);
    expect(status).toBe(200);
    expect(names(body)).toEqual(expected);
  });

  it('answers the total of the filtered rows, whatever the page', async () => {
    const { body } = await list('environments=IQE&limit=1&page=3');
    expect(body).toMatchObject({ page: 3, limit: 1, total: 4, totalEstimated: false });
    expect(names(body)).toEqual(['Delta']);
  });

  it('tells for each gateway whether an organisation uses it, and how many do', async () => {
    const { body } = await list('');
    expect(
      body.items.map((row: { name: string; inUse: boolean; organisationCount: number }) => [
        row.name,
        row.inUse,
        row.organisationCount,
      ]),
    ).toEqual([
      ['Alpha Gateway', true, 2],
      ['Bravo Connect', false, 0],
      ['Charlie Link', true, 1],
      ['Delta Direct', false, 0],
      ['Echo Hub', false, 0],
    ]);
  });

  it('shapes each row as the detail does', async () => {
    const { body } = await list('name=Alpha Gateway');
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/gateways/${ids['Alpha Gateway']}`,
      headers: admin,
    });
    expect(body.items).toEqual([detail.json()]);
    expect(detail.json()).toEqual({
      id: ids['Alpha Gateway'],
      name: 'Alpha Gateway',
      type: 'EMVO_GATEWAY',
      website: 'https://alpha.example',
      contactEmail: 'ops@alpha.example',
      phone: null,
      environments: ['IQE', 'PRD'],
      certified: true,
      certifiedAt: '2025-01-10T00:00:00.000Z',
      active: true,
      notes: null,
      inUse: true,
      organisationCount: 2,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      createdBy: 'seed',
      updatedBy: 'seed',
      version: 1,
    });
  });

  it.each([
    ['an ordered filter on the array', 'environments.gt=IQE', 'INVALID_FILTER_TYPE'],
    ['a text filter on the array', 'environments=*IQ*', 'INVALID_FILTER_TYPE'],
    ['an environment that does not exist', 'environments=ITE', 'INVALID_VALUE'],
    ['sorting by the array', 'order=environments', 'INVALID_ORDER'],
    ['a boolean that is not one', 'certified=maybe', 'INVALID_VALUE'],
    ['an unknown type', 'type=SATELLITE', 'INVALID_VALUE'],
    ['an unknown field', 'phone=123', 'UNKNOWN_FIELD'],
    ['a limit above the maximum', 'limit=101', 'INVALID_LIMIT'],
  ])('answers 400 with a code for %s', async (_case, query, code) => {
    const { status, body } = await list(query);
    expect(status).toBe(400);
    expect(body).toMatchObject({ code });
  });
});

const valid = {
  name: 'Arvato Systems',
  type: 'PROVIDER',
  website: 'https://www.arvato-systems.com',
  contactEmail: 'emvs@arvato.example',
  phone: '+49 (0) 5241 80',
  environments: ['IQE', 'PRD'],
  certified: true,
  certifiedAt: '2025-06-01',
  active: true,
  notes: 'Connects through the hub.',
};

async function create(body: object = valid, headers = admin) {
  return t.app.inject({ method: 'POST', url: '/api/gateways', payload: body, headers });
}
async function update(id: string, body: object, headers = admin) {
  return t.app.inject({ method: 'PUT', url: `/api/gateways/${id}`, payload: body, headers });
}
const get = (id: string) => t.app.inject({ method: 'GET', url: `/api/gateways/${id}`, headers: admin });

describe('gateways: create, read, update, deactivate, delete', () => {
  beforeEach(clear);

  it('creates a gateway (201), answers it, and writes an audit row', async () => {
    const response = await create();
    expect(response.statusCode).toBe(201);
    const gateway = response.json();
    expect(gateway).toMatchObject({
      ...valid,
      certifiedAt: '2025-06-01T00:00:00.000Z',
      inUse: false,
      organisationCount: 0,
      createdBy: 'test@portal.test',
      updatedBy: 'test@portal.test',
      version: 1,
    });
    expect((await get(gateway.id)).json()).toEqual(gateway);
    expect(await auditRows()).toMatchObject([
      {
        action: 'CREATE',
        entity: 'gateway',
        entityId: gateway.id,
        actor: 'test@portal.test',
        diff: { name: 'Arvato Systems', certifiedAt: '2025-06-01T00:00:00.000Z' },
      },
    ]);
  });

  it('needs only name, type and environments; the rest default', async () => {
    const response = await create({ name: 'Own connection', type: 'OWN_CONNECTION', environments: ['IQE'] });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      website: null,
      contactEmail: null,
      phone: null,
      certified: false,
      certifiedAt: null,
      active: true,
      notes: null,
    });
  });

  it('stores blank optional fields as none, trims text and keeps each environment once, in order', async () => {
    const response = await create({
      ...valid,
      name: '  Movilitas  ',
      website: '',
      contactEmail: '   ',
      phone: null,
      notes: '',
      environments: ['PRD', 'IQE', 'PRD'],
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      name: 'Movilitas',
      website: null,
      contactEmail: null,
      phone: null,
      notes: null,
      environments: ['IQE', 'PRD'],
    });
  });

  it('reads a blank certification date as none', async () => {
    const response = await create({ ...valid, certified: false, certifiedAt: '' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ certified: false, certifiedAt: null });
  });

  it('takes a certification date-time with its zone', async () => {
    const response = await create({ ...valid, certifiedAt: '2025-06-01T10:30:00+02:00' });
    expect(response.statusCode).toBe(201);
    expect(response.json().certifiedAt).toBe('2025-06-01T08:30:00.000Z');
  });

  it('updates a gateway with its version, bumps the version and audits only what changed', async () => {
    const gateway = (await create()).json();
    const response = await update(gateway.id, {
      ...valid,
      name: 'Arvato',
      environments: ['IQE'],
      version: 1,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Arvato', environments: ['IQE'], version: 2 });
    expect(new Date(response.json().updatedAt).getTime()).toBeGreaterThanOrEqual(
      new Date(gateway.updatedAt).getTime(),
    );
    const [, updated] = await auditRows();
    expect(updated).toMatchObject({ action: 'UPDATE', entity: 'gateway', entityId: gateway.id });
    expect(updated?.diff).toEqual({
      name: { from: 'Arvato Systems', to: 'Arvato' },
      environments: { from: ['IQE', 'PRD'], to: ['IQE'] },
    });
  });

  it('clears a certification: certified false with no date', async () => {
    const gateway = (await create()).json();
    const response = await update(gateway.id, { ...valid, certified: false, certifiedAt: null, version: 1 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ certified: false, certifiedAt: null });
  });

  it('refuses a stale version with 409 and changes nothing', async () => {
    const gateway = (await create()).json();
    expect((await update(gateway.id, { ...valid, name: 'First edit', version: 1 })).statusCode).toBe(200);
    const stale = await update(gateway.id, { ...valid, name: 'Second edit', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'VERSION_CONFLICT' });
    expect((await get(gateway.id)).json()).toMatchObject({ name: 'First edit', version: 2 });
    expect((await auditRows()).map((row) => row.action)).toEqual(['CREATE', 'UPDATE']);
  });

  it('deactivates through PUT with active false (audited as DEACTIVATE) and reactivates the same way', async () => {
    const gateway = (await create()).json();
    await useGateway(gateway.id);
    const off = await update(gateway.id, { ...valid, active: false, version: 1 });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ active: false, inUse: true, organisationCount: 1, version: 2 });
    const on = await update(gateway.id, { ...valid, active: true, version: 2 });
    expect(on.json()).toMatchObject({ active: true, version: 3 });
    const rows = await auditRows();
    expect(rows.map((row) => row.action)).toEqual(['CREATE', 'DEACTIVATE', 'UPDATE']);
    expect(rows[1]?.diff).toEqual({ active: { from: true, to: false } });
  });

  it.each([
    ['the same name', 'Arvato Systems'],
    ['the same name in another case', 'ARVATO systems'],
  ])('refuses a second gateway with %s: 409 GATEWAY_NAME_TAKEN, nothing stored', async (_case, name) => {
    await create();
    const response = await create({ ...valid, name });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'GATEWAY_NAME_TAKEN',
      message: expect.any(String),
      requestId: expect.any(String),
    });
    expect(await t.db.selectFrom('gateways').select('name').execute()).toEqual([{ name: 'Arvato Systems' }]);
    expect((await auditRows()).map((row) => row.action)).toEqual(['CREATE']);
  });

  it('refuses renaming a gateway to a name taken: 409 GATEWAY_NAME_TAKEN, nothing changed', async () => {
    await create();
    const other = (await create({ ...valid, name: 'Movilitas' })).json();
    const response = await update(other.id, { ...valid, name: 'arvato systems', version: 1 });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'GATEWAY_NAME_TAKEN' });
    expect((await get(other.id)).json()).toMatchObject({ name: 'Movilitas', version: 1 });
  });

  it('keeps its own name on an edit that only changes its case', async () => {
    const gateway = (await create()).json();
    const response = await update(gateway.id, { ...valid, name: 'ARVATO Systems', version: 1 });
    expect(response.statusCode).toBe(200);
  });

  it('deletes a gateway no organisation uses (204) and audits it', async () => {
    const gateway = (await create()).json();
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/gateways/${gateway.id}`,
      headers: admin,
    });
    expect(response.statusCode).toBe(204);
    const gone = await get(gateway.id);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ code: 'NOT_FOUND' });
    const rows = await auditRows();
    expect(rows[1]).toMatchObject({ action: 'DELETE', entity: 'gateway', entityId: gateway.id });
    expect(rows[1]?.diff).toMatchObject({ name: 'Arvato Systems' });
  });

  it('refuses to delete a gateway in use: 409 GATEWAY_IN_USE; it can be deactivated instead', async () => {
    const gateway = (await create()).json();
    await useGateway(gateway.id, 2);
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/gateways/${gateway.id}`,
      headers: admin,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'GATEWAY_IN_USE' });
    expect((await get(gateway.id)).json()).toMatchObject({ inUse: true, organisationCount: 2, active: true });
    expect((await auditRows()).map((row) => row.action)).toEqual(['CREATE']);
    const deactivated = await update(gateway.id, { ...valid, active: false, version: 1 });
    expect(deactivated.json()).toMatchObject({ active: false });
  });

  it.each([
    ['GET', undefined],
    ['PUT', { ...valid, version: 1 }],
    ['DELETE', undefined],
  ])('answers 404 to %s of an unknown gateway', async (method, payload) => {
    const response = await t.app.inject({
      method: method as 'GET' | 'PUT' | 'DELETE',
      url: `/api/gateways/${UNKNOWN_ID}`,
      headers: admin,
      ...(payload ? { payload } : {}),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('answers 400 INVALID_FIELD to an id that is not a uuid', async () => {
    const response = await get('not-a-uuid');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual([expect.objectContaining({ code: 'INVALID_FIELD', field: 'id' })]);
  });

  it.each([
    ['a missing name', { ...valid, name: undefined }, 'name'],
    ['a one-letter name', { ...valid, name: 'A' }, 'name'],
    ['a blank name', { ...valid, name: '    ' }, 'name'],
    ['a name over 100 characters', { ...valid, name: 'N'.repeat(101) }, 'name'],
    ['a missing type', { ...valid, type: undefined }, 'type'],
    ['an unknown type', { ...valid, type: 'SATELLITE' }, 'type'],
    ['a website that is not a web address', { ...valid, website: 'not a url' }, 'website'],
    ['a javascript: website', { ...valid, website: 'javascript:alert(1)' }, 'website'],
    ['a website with a one-letter top level', { ...valid, website: 'https://example.c' }, 'website'],
    [
      'a website over 200 characters',
      { ...valid, website: `https://example.com/${'a'.repeat(200)}` },
      'website',
    ],
    ['an email without @', { ...valid, contactEmail: 'emvs.arvato.example' }, 'contactEmail'],
    ['an email with a one-letter top level', { ...valid, contactEmail: 'emvs@arvato.e' }, 'contactEmail'],
    [
      'an email with a character outside the local part',
      { ...valid, contactEmail: 'em!vs@arvato.example' },
      'contactEmail',
    ],
    [
      'an email local part over 64 characters',
      { ...valid, contactEmail: `${'a'.repeat(65)}@arvato.example` },
      'contactEmail',
    ],
    [
      'an email over 100 characters',
      { ...valid, contactEmail: `${'a'.repeat(60)}@${'b'.repeat(40)}.example` },
      'contactEmail',
    ],
    ['a phone with letters', { ...valid, phone: '+32 2 CALL ME' }, 'phone'],
    ['a phone with a hyphen', { ...valid, phone: '02-123-45-67' }, 'phone'],
    ['a phone without a digit', { ...valid, phone: '+ ( )' }, 'phone'],
    ['a phone over 50 characters', { ...valid, phone: '1'.repeat(51) }, 'phone'],
    ['missing environments', { ...valid, environments: undefined }, 'environments'],
    ['no environment', { ...valid, environments: [] }, 'environments'],
    ['an unknown environment', { ...valid, environments: ['IQE', 'ITE'] }, 'environments.1'],
    ['environments that are not a list', { ...valid, environments: 'IQE' }, 'environments'],
    ['certified that is not a boolean', { ...valid, certified: 'yes' }, 'certified'],
    ['certified without its date', { ...valid, certifiedAt: undefined }, 'certifiedAt'],
    ['certified with a null date', { ...valid, certifiedAt: null }, 'certifiedAt'],
    ['a date without certified', { ...valid, certified: false }, 'certifiedAt'],
    ['a certification date that is no date', { ...valid, certifiedAt: 'last spring' }, 'certifiedAt'],
    ['a certification date that does not exist', { ...valid, certifiedAt: '2025-02-30' }, 'certifiedAt'],
    ['active that is not a boolean', { ...valid, active: 'no' }, 'active'],
    ['notes over 1000 characters', { ...valid, notes: 'n'.repeat(1001) }, 'notes'],
  ])('refuses %s with 400 INVALID_FIELD on that field, storing nothing', async (_case, body, field) => {
    const response = await create(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(
      expect.arrayContaining([expect.objectContaining({ code: 'INVALID_FIELD', field })]),
    );
    expect(await t.db.selectFrom('gateways').selectAll().execute()).toEqual([]);
    expect(await auditRows()).toEqual([]);
  });

  it.each([
    ['a missing version', { ...valid }],
    ['a version that is not a whole number', { ...valid, version: 1.5 }],
    ['version 0', { ...valid, version: 0 }],
  ])('refuses an update with %s (field version)', async (_case, body) => {
    const gateway = (await create()).json();
    const response = await update(gateway.id, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual([expect.objectContaining({ code: 'INVALID_FIELD', field: 'version' })]);
  });

  it('applies the same rules to an update', async () => {
    const gateway = (await create()).json();
    const response = await update(gateway.id, { ...valid, certified: false, version: 1 });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual([
      expect.objectContaining({ code: 'INVALID_FIELD', field: 'certifiedAt' }),
    ]);
    expect((await get(gateway.id)).json()).toMatchObject({ certified: true, version: 1 });
  });

  it.each([
    ['contactEmail', 'first.last+tag@sub.example.co.uk'],
    ['contactEmail', 'a_b-c@example.museum'],
    ['contactEmail', `${'a'.repeat(64)}@example.com`],
    ['phone', '+32 2 123 45 67'],
    ['phone', '(0)30 1234 5678'],
    ['phone', '0032123456'],
    ['website', 'www.example.org'],
    ['website', 'example.co.uk/path'],
  ])('accepts the %s %s (spec §5 pattern)', async (field, value) => {
    expect((await create({ ...valid, [field]: value })).statusCode).toBe(201);
  });

  it.each([
    ['nobody signed in', undefined, 401],
    ['a reviewer', 'EmvoPortalInternal', 403],
    ['an external user', 'EmvoPortalExternal', 403],
  ])('refuses every gateway route to %s', async (_who, role, status) => {
    const headers = role ? await t.bearer(role) : {};
    const gateway = (await create()).json();
    const attempts = await Promise.all([
      t.app.inject({ method: 'GET', url: '/api/gateways', headers }),
      t.app.inject({ method: 'GET', url: `/api/gateways/${gateway.id}`, headers }),
      create({ ...valid, name: 'Another' }, headers),
      update(gateway.id, { ...valid, name: 'Renamed', version: 1 }, headers),
      t.app.inject({ method: 'DELETE', url: `/api/gateways/${gateway.id}`, headers }),
    ]);
    expect(attempts.map((response) => response.statusCode)).toEqual([status, status, status, status, status]);
    expect((await get(gateway.id)).json()).toMatchObject({ name: 'Arvato Systems', version: 1 });
    expect(await t.db.selectFrom('gateways').select('name').execute()).toHaveLength(1);
  });
});
