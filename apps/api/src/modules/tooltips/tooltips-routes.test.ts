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
  await t.db.deleteFrom('tooltips').execute();
  await t.db.deleteFrom('auditLog').execute();
}

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const auditRows = () => t.db.selectFrom('auditLog').selectAll().orderBy('id').execute();

describe('GET /api/tooltips: the list query language over tooltips', () => {
  // A small, hand-made table, so every expected answer can be read off it.
  const TOOLTIPS = [
    [
      'onboarding.company.vatnumber',
      'onboarding',
      'The VAT number, starting with the country code.',
      true,
      '2026-01-01',
    ],
    ['onboarding.mah.productcode', 'onboarding', 'A 14-digit GTIN or a 12-digit PPN.', true, '2026-02-01'],
    [
      'admin.gateway.certified',
      'admin',
      'A certified gateway has passed the connection tests.',
      true,
      '2026-03-01',
    ],
    ['emvo.sessiontoken.value', 'emvo', 'Shown once; it expires after 24 hours.', false, '2026-04-01'],
  ] as const;

  beforeAll(async () => {
    await clear();
    await t.db
      .insertInto('tooltips')
      .values(
        TOOLTIPS.map(([key, screen, text, active, day]) => ({
          key,
          screen,
          text,
          active,
          createdAt: new Date(`${day}T00:00:00Z`),
          updatedAt: new Date(`${day}T00:00:00Z`),
          createdBy: 'seed',
          updatedBy: 'seed',
        })),
      )
      .execute();
  });

  async function list(query: string) {
    const response = await t.app.inject({ method: 'GET', url: `/api/tooltips?${query}`, headers: admin });
    return { status: response.statusCode, body: response.json() };
  }
  const keys = (body: { items: Array<{ key: string }> }) => body.items.map((row) => row.key);

  it.each([
    [
      'no query: every tooltip by key (the default order)',
      '',
      [
        'admin.gateway.certified',
        'emvo.sessiontoken.value',
        'onboarding.company.vatnumber',
        'onboarding.mah.productcode',
      ],
    ],
    ['key starts', 'key=onboarding.*', ['onboarding.company.vatnumber', 'onboarding.mah.productcode']],
    ['screen equal', 'screen=admin', ['admin.gateway.certified']],
    ['text contains', 'text=*gtin*', ['onboarding.mah.productcode']],
    ['active, a boolean', 'active=false', ['emvo.sessiontoken.value']],
    ['updatedAt, a date', 'updatedAt.gte=2026-03-01', ['admin.gateway.certified', 'emvo.sessiontoken.value']],
    ['free text matches the key', 'search=sessiontoken', ['emvo.sessiontoken.value']],
    ['free text matches the text', 'search=country code', ['onboarding.company.vatnumber']],
    [
      'order by screen, then key descending',
      'order=screen,-key',
      [
        'admin.gateway.certified',
        'emvo.sessiontoken.value',
        'onboarding.mah.productcode',
        'onboarding.company.vatnumber',
      ],
    ],
    ['page and limit', 'page=2&limit=3', ['onboarding.mah.productcode']],
  ])('%s', async (_rule, query, expected) => {
    const { status, body } = await list(query);
    expect(status).toBe(200);
    expect(keys(body)).toEqual(expected);
  });

  it('answers the page with its total and full rows', async () => {
    const { body } = await list('screen=onboarding&limit=1');
    expect(body).toMatchObject({ page: 1, limit: 1, total: 2, totalEstimated: false });
    expect(body.items[0]).toEqual({
      id: expect.any(String),
      key: 'onboarding.company.vatnumber',
      screen: 'onboarding',
      text: 'The VAT number, starting with the country code.',
      active: true,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      createdBy: 'seed',
      updatedBy: 'seed',
      version: 1,
    });
  });

  it.each([
    ['an unknown field', 'colour=red', 'UNKNOWN_FIELD'],
    ['an ordered filter on a boolean', 'active.gt=true', 'INVALID_FILTER_TYPE'],
    ['an unknown sort key', 'order=colour', 'INVALID_ORDER'],
    ['a limit above the maximum', 'limit=101', 'INVALID_LIMIT'],
  ])('answers 400 with a code for %s', async (_case, query, code) => {
    const { status, body } = await list(query);
    expect(status).toBe(400);
    expect(body).toMatchObject({ code });
  });

  it.each([
    ['an administrator', 'EmvoPortalAdmin'],
    ['a reviewer', 'EmvoPortalInternal'],
    ['an external user (the onboarding forms show them)', 'EmvoPortalExternal'],
  ])('answers the active tooltips as { key: text } to %s', async (_who, role) => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/tooltips/active',
      headers: await t.bearer(role),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      'admin.gateway.certified': 'A certified gateway has passed the connection tests.',
      'onboarding.company.vatnumber': 'The VAT number, starting with the country code.',
      'onboarding.mah.productcode': 'A 14-digit GTIN or a 12-digit PPN.',
    });
  });

  it('answers the active tooltips to nobody who is not signed in', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/tooltips/active' });
    expect(response.statusCode).toBe(401);
  });
});

const valid = {
  key: 'onboarding.company.registrationnumber',
  screen: 'onboarding',
  text: 'The number under which the company is entered in the trade register.',
  active: true,
};

async function create(body: object = valid, headers = admin) {
  return t.app.inject({ method: 'POST', url: '/api/tooltips', payload: body, headers });
}
async function update(id: string, body: object, headers = admin) {
  return t.app.inject({ method: 'PUT', url: `/api/tooltips/${id}`, payload: body, headers });
}
const get = (id: string) => t.app.inject({ method: 'GET', url: `/api/tooltips/${id}`, headers: admin });
const activeMap = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/tooltips/active', headers: admin })).json();

describe('tooltips: create, read, update, deactivate, delete', () => {
  beforeEach(clear);

  it('creates a tooltip (201), answers it, and writes an audit row', async () => {
    const response = await create();
    expect(response.statusCode).toBe(201);
    const tooltip = response.json();
    expect(tooltip).toMatchObject({ ...valid, createdBy: 'test@portal.test', version: 1 });
    expect((await get(tooltip.id)).json()).toEqual(tooltip);
    expect(await auditRows()).toMatchObject([
      { action: 'CREATE', entity: 'tooltip', entityId: tooltip.id, actor: 'test@portal.test', diff: valid },
    ]);
    expect(await activeMap()).toEqual({ [valid.key]: valid.text });
  });

  it('defaults active to true and trims its text fields', async () => {
    const response = await create({ key: ' a.b.c ', screen: ' admin ', text: ' Hello. ' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ key: 'a.b.c', screen: 'admin', text: 'Hello.', active: true });
  });

  it('takes a text of 500 characters, accented ones included', async () => {
    expect((await create({ ...valid, text: 'é'.repeat(500) })).statusCode).toBe(201);
  });

  it('updates a tooltip with its version, bumps the version and audits only what changed', async () => {
    const tooltip = (await create()).json();
    const response = await update(tooltip.id, { ...valid, text: 'Shorter.', version: 1 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ text: 'Shorter.', version: 2 });
    const [, updated] = await auditRows();
    expect(updated).toMatchObject({ action: 'UPDATE', entity: 'tooltip', entityId: tooltip.id });
    expect(updated?.diff).toEqual({ text: { from: valid.text, to: 'Shorter.' } });
  });

  it('refuses a stale version with 409 and changes nothing', async () => {
    const tooltip = (await create()).json();
    expect((await update(tooltip.id, { ...valid, text: 'First edit', version: 1 })).statusCode).toBe(200);
    const stale = await update(tooltip.id, { ...valid, text: 'Second edit', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'VERSION_CONFLICT' });
    expect((await get(tooltip.id)).json()).toMatchObject({ text: 'First edit', version: 2 });
    expect((await auditRows()).map((row) => row.action)).toEqual(['CREATE', 'UPDATE']);
  });

  it('deactivates through PUT with active false (audited as DEACTIVATE): it leaves the active map', async () => {
    const tooltip = (await create()).json();
    const response = await update(tooltip.id, { ...valid, active: false, version: 1 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ active: false, version: 2 });
    expect(await activeMap()).toEqual({});
    expect((await auditRows()).map((row) => row.action)).toEqual(['CREATE', 'DEACTIVATE']);
  });

  it('refuses a second tooltip with the same key: 409 TOOLTIP_KEY_TAKEN, nothing stored', async () => {
    await create();
    const response = await create({ ...valid, text: 'Another text' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'TOOLTIP_KEY_TAKEN',
      message: expect.any(String),
      requestId: expect.any(String),
    });
    expect(await t.db.selectFrom('tooltips').select('text').execute()).toEqual([{ text: valid.text }]);
    expect((await auditRows()).map((row) => row.action)).toEqual(['CREATE']);
  });

  it('refuses changing a key to one taken: 409 TOOLTIP_KEY_TAKEN, nothing changed', async () => {
    await create();
    const other = (await create({ ...valid, key: 'other.key' })).json();
    const response = await update(other.id, { ...valid, version: 1 });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'TOOLTIP_KEY_TAKEN' });
    expect((await get(other.id)).json()).toMatchObject({ key: 'other.key', version: 1 });
  });

  it('deletes a tooltip (204) and audits it', async () => {
    const tooltip = (await create()).json();
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/tooltips/${tooltip.id}`,
      headers: admin,
    });
    expect(response.statusCode).toBe(204);
    expect((await get(tooltip.id)).statusCode).toBe(404);
    const rows = await auditRows();
    expect(rows[1]).toMatchObject({ action: 'DELETE', entity: 'tooltip', entityId: tooltip.id });
    expect(rows[1]?.diff).toMatchObject({ key: valid.key, text: valid.text });
  });

  it('deletes at the version read (?version=): a stale one is 409 and the tooltip stays', async () => {
    const tooltip = (await create()).json();
    await update(tooltip.id, { ...valid, text: 'Changed meanwhile', version: 1 });
    const remove = (version: number) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/tooltips/${tooltip.id}?version=${version}`,
        headers: admin,
      });
    const stale = await remove(1);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'VERSION_CONFLICT' });
    expect((await get(tooltip.id)).statusCode).toBe(200);
    expect((await remove(2)).statusCode).toBe(204);
  });

  it.each([
    ['GET', undefined],
    ['PUT', { ...valid, version: 1 }],
    ['DELETE', undefined],
  ])('answers 404 to %s of an unknown tooltip', async (method, payload) => {
    const response = await t.app.inject({
      method: method as 'GET' | 'PUT' | 'DELETE',
      url: `/api/tooltips/${UNKNOWN_ID}`,
      headers: admin,
      ...(payload ? { payload } : {}),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it.each([
    ['a missing key', { ...valid, key: undefined }, 'key'],
    ['a key under 3 characters', { ...valid, key: 'ab' }, 'key'],
    ['a key over 100 characters', { ...valid, key: 'k'.repeat(101) }, 'key'],
    ['a key with capitals', { ...valid, key: 'onboarding.company.VatNumber' }, 'key'],
    ['a key with a space', { ...valid, key: 'onboarding company' }, 'key'],
    ['a key with a hyphen', { ...valid, key: 'onboarding.vat-number' }, 'key'],
    ['a missing screen', { ...valid, screen: undefined }, 'screen'],
    ['a one-letter screen', { ...valid, screen: 'a' }, 'screen'],
    ['a screen over 50 characters', { ...valid, screen: 's'.repeat(51) }, 'screen'],
    ['a missing text', { ...valid, text: undefined }, 'text'],
    ['an empty text', { ...valid, text: '' }, 'text'],
    ['a blank text', { ...valid, text: '   ' }, 'text'],
    ['a text over 500 characters', { ...valid, text: 't'.repeat(501) }, 'text'],
    ['active that is not a boolean', { ...valid, active: 'yes' }, 'active'],
  ])('refuses %s with 400 INVALID_FIELD on that field, storing nothing', async (_case, body, field) => {
    const response = await create(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(
      expect.arrayContaining([expect.objectContaining({ code: 'INVALID_FIELD', field })]),
    );
    expect(await t.db.selectFrom('tooltips').selectAll().execute()).toEqual([]);
    expect(await auditRows()).toEqual([]);
  });

  it.each([
    ['a missing version', { ...valid }],
    ['version 0', { ...valid, version: 0 }],
  ])('refuses an update with %s (field version)', async (_case, body) => {
    const tooltip = (await create()).json();
    const response = await update(tooltip.id, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual([expect.objectContaining({ code: 'INVALID_FIELD', field: 'version' })]);
  });

  it.each([
    ['nobody signed in', undefined, 401],
    ['a reviewer', 'EmvoPortalInternal', 403],
    ['an external user', 'EmvoPortalExternal', 403],
  ])('refuses the list and every write to %s', async (_who, role, status) => {
    const headers = role ? await t.bearer(role) : {};
    const tooltip = (await create()).json();
    const attempts = await Promise.all([
      t.app.inject({ method: 'GET', url: '/api/tooltips', headers }),
      t.app.inject({ method: 'GET', url: `/api/tooltips/${tooltip.id}`, headers }),
      create({ ...valid, key: 'another.key' }, headers),
      update(tooltip.id, { ...valid, text: 'Changed', version: 1 }, headers),
      t.app.inject({ method: 'DELETE', url: `/api/tooltips/${tooltip.id}`, headers }),
    ]);
    expect(attempts.map((response) => response.statusCode)).toEqual([status, status, status, status, status]);
    expect((await get(tooltip.id)).json()).toMatchObject({ text: valid.text, version: 1 });
    expect(await t.db.selectFrom('tooltips').select('key').execute()).toHaveLength(1);
  });
});
