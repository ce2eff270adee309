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
beforeEach(async () => {
  await t.db.deleteFrom('links').execute();
  await t.db.deleteFrom('auditLog').execute();
});

const valid = { label: 'Privacy policy', link: 'https://emvo-medicines.eu/privacy', order: 2, active: true };

async function create(body: object = valid, headers = admin) {
  return t.app.inject({ method: 'POST', url: '/links/footer-links', payload: body, headers });
}

describe('the /links resource (spec §7)', () => {
  it('lists the active links of a list in their order, to anyone', async () => {
    await create({ ...valid, label: 'Second', order: 2 });
    await create({ ...valid, label: 'First', order: 1 });
    await create({ ...valid, label: 'Hidden', order: 0, active: false });
    await create({ ...valid, label: 'Elsewhere' }).then(() =>
      t.app.inject({ method: 'POST', url: '/links/other-list', payload: valid, headers: admin }),
    );
    const response = await t.app.inject({ method: 'GET', url: '/links/footer-links' });
    expect(response.statusCode).toBe(200);
    expect(response.json().map((link: { label: string }) => link.label)).toEqual([
      'First',
      'Elsewhere',
      'Second',
    ]);
  });

  it('lists every link, inactive ones too, to an administrator', async () => {
    await create({ ...valid, label: 'Shown', order: 1 });
    await create({ ...valid, label: 'Hidden', order: 2, active: false });
    const response = await t.app.inject({ method: 'GET', url: '/links/footer-links/all', headers: admin });
    expect(response.json().map((link: { label: string }) => link.label)).toEqual(['Shown', 'Hidden']);
    const reviewer = await t.app.inject({
      method: 'GET',
      url: '/links/footer-links/all',
      headers: await t.bearer('EmvoPortalInternal'),
    });
    expect(reviewer.statusCode).toBe(403);
  });

  it.each([
    ['nobody signed in', undefined],
    ['an external user', 'EmvoPortalExternal'],
    ['a reviewer', 'EmvoPortalInternal'],
    ['an administrator', 'EmvoPortalAdmin'],
  ])('hides an inactive link by id as the list hides it, from %s (404)', async (_who, role) => {
    const headers = role ? await t.bearer(role) : {};
    const hidden = (await create({ ...valid, label: 'Hidden', active: false })).json();
    const shown = (await create({ ...valid, label: 'Shown' })).json();
    const read = (id: string) => t.app.inject({ method: 'GET', url: `/links/footer-links/${id}`, headers });
    const refused = await read(hidden.id);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect(refused.body).not.toContain('Hidden');
    expect((await read(shown.id)).json()).toEqual(shown);
    // Once shown again, it answers by id too; the administrators' own list has it all along.
    const all = await t.app.inject({ method: 'GET', url: '/links/footer-links/all', headers: admin });
    expect(all.json().map((link: { label: string }) => link.label)).toContain('Hidden');
    await t.app.inject({
      method: 'PUT',
      url: `/links/footer-links/${hidden.id}`,
      payload: { ...valid, label: 'Hidden', active: true, version: 1 },
      headers: admin,
    });
    expect((await read(hidden.id)).statusCode).toBe(200);
  });

  it('answers an empty list for a list nobody filled', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/links/nothing-here' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it('creates a link (ADMIN), answers it, and writes an audit row', async () => {
    const response = await create();
    expect(response.statusCode).toBe(201);
    const link = response.json();
    expect(link).toMatchObject({ ...valid, version: 1 });
    const one = await t.app.inject({ method: 'GET', url: `/links/footer-links/${link.id}` });
    expect(one.json()).toEqual(link);
    const audit = await t.db.selectFrom('auditLog').selectAll().execute();
    expect(audit).toMatchObject([
      { action: 'CREATE', entity: 'link', entityId: link.id, actor: 'test@portal.test' },
    ]);
  });

  it('updates a link with its version and bumps the version', async () => {
    const link = (await create()).json();
    const response = await t.app.inject({
      method: 'PUT',
      url: `/links/footer-links/${link.id}`,
      payload: { ...valid, label: 'Privacy', version: 1 },
      headers: admin,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ label: 'Privacy', version: 2 });
  });

  it('refuses a stale version with 409 and changes nothing', async () => {
    const link = (await create()).json();
    const put = (label: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/links/footer-links/${link.id}`,
        payload: { ...valid, label, version: 1 },
        headers: admin,
      });
    expect((await put('First edit')).statusCode).toBe(200);
    const stale = await put('Second edit');
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'VERSION_CONFLICT' });
    const stored = await t.app.inject({ method: 'GET', url: `/links/footer-links/${link.id}` });
    expect(stored.json()).toMatchObject({ label: 'First edit', version: 2 });
  });

  it('deletes a link', async () => {
    const link = (await create()).json();
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/links/footer-links/${link.id}`,
      headers: admin,
    });
    expect(response.statusCode).toBe(204);
    const gone = await t.app.inject({ method: 'GET', url: `/links/footer-links/${link.id}` });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it.each([
    ['PUT', 'an unknown link', { ...valid, version: 1 }],
    ['DELETE', 'an unknown link', undefined],
  ])('answers 404 to %s of %s', async (method, _what, payload) => {
    const response = await t.app.inject({
      method: method as 'PUT' | 'DELETE',
      url: '/links/footer-links/00000000-0000-4000-8000-000000000000',
      headers: admin,
      ...(payload ? { payload } : {}),
    });
    expect(response.statusCode).toBe(404);
  });

  it.each([
    ['a missing label', { ...valid, label: undefined }, 'label'],
    ['an empty label', { ...valid, label: '  ' }, 'label'],
    ['a link that is not a web address', { ...valid, link: 'not a url' }, 'link'],
    ['a javascript: link', { ...valid, link: 'javascript:alert(1)' }, 'link'],
    ['a one-letter top level domain', { ...valid, link: 'https://example.c' }, 'link'],
    ['a negative order', { ...valid, order: -1 }, 'order'],
    ['an order that is not a whole number', { ...valid, order: 1.5 }, 'order'],
    ['active that is not a boolean', { ...valid, active: 'yes' }, 'active'],
  ])('refuses %s with a list of field errors', async (_case, body, field) => {
    const response = await create(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(
      expect.arrayContaining([expect.objectContaining({ code: 'INVALID_FIELD', field })]),
    );
    expect(await t.db.selectFrom('links').selectAll().execute()).toEqual([]);
  });

  it.each([
    ['https://emvo-medicines.eu'],
    ['http://example.com/a/b?c=d'],
    ['www.example.org'],
    ['example.co.uk/path'],
    ['https://sub.domain.example.com:8443/x'],
  ])('accepts the web address %s (spec §5 url pattern)', async (link) => {
    expect((await create({ ...valid, link })).statusCode).toBe(201);
  });

  it('refuses a malformed list id', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/links/Footer_Links' });
    expect(response.statusCode).toBe(400);
  });

  it('answers 400, not 500, to a body that is not JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/links/footer-links',
      payload: '{"label":',
      headers: { ...admin, 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'INVALID_JSON' });
  });

  it.each([
    ['nobody signed in', {}, 401],
    ['a reviewer', 'EmvoPortalInternal', 403],
    ['an external user', 'EmvoPortalExternal', 403],
  ])('refuses writes from %s', async (_who, role, status) => {
    const headers = typeof role === 'string' ? await t.bearer(role) : role;
    const link = (await create()).json();
    const attempts = await Promise.all([
      create(valid, headers),
      t.app.inject({
        method: 'PUT',
        url: `/links/footer-links/${link.id}`,
        payload: { ...valid, version: 1 },
        headers,
      }),
      t.app.inject({ method: 'DELETE', url: `/links/footer-links/${link.id}`, headers }),
    ]);
    expect(attempts.map((response) => response.statusCode)).toEqual([status, status, status]);
    expect(await t.db.selectFrom('links').select('label').execute()).toHaveLength(1);
  });
});
