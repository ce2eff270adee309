import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app.js';
import { fieldsWithNul } from './nul-characters.js';

type App = Awaited<ReturnType<typeof createTestApp>>;
let t: App;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.app.close());

describe('text with a NUL character, refused at the boundary', () => {
  // Found by the routes fuzz (src/test/fuzz, seed 99): `?search=%00` on a list reached PostgreSQL, which refuses
  // the byte 0x00 in text, and the list answered 500.
  it.each([
    ['/api/gateways?search=%00', 'search'],
    ['/api/users?search=a%00b', 'search'],
    ['/api/tooltips?key.contains=%00', 'key.contains'],
  ])('answers GET %s with 400 INVALID_FIELD naming the param', async (url, field) => {
    const response = await t.app.inject({ method: 'GET', url, headers: await t.bearer('EmvoPortalAdmin') });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual([
      { code: 'INVALID_FIELD', field, message: expect.any(String), requestId: expect.any(String) },
    ]);
  });

  it('answers a JSON body with a NUL in a nested field with 400, naming the field, writing nothing', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/gateways',
      headers: await t.bearer('EmvoPortalAdmin'),
      payload: { name: 'Nul\u0000Gateway', type: 'PROVIDER', environments: ['IQE'] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual([
      { code: 'INVALID_FIELD', field: 'name', message: expect.any(String), requestId: expect.any(String) },
    ]);
    const stored = await t.db.selectFrom('gateways').select('id').where('name', 'like', 'Nul%').execute();
    expect(stored).toEqual([]);
  });

  it('still answers text without one as before', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/gateways?search=%C3%A9t%C3%A9',
      headers: await t.bearer('EmvoPortalAdmin'),
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('fieldsWithNul', () => {
  it('finds NULs in values and keys, with dotted paths, and none elsewhere', () => {
    expect(fieldsWithNul({ a: 'x', b: { c: ['ok', 'n\u0000'] }, 'k\u0000': 1 }, '').sort()).toEqual([
      '',
      'b.c.1',
    ]);
    expect(fieldsWithNul({ a: 'x', b: [1, null, true] }, '')).toEqual([]);
    expect(fieldsWithNul('a\u0000', 'body')).toEqual(['body']);
  });

  it('walks a body nested far deeper than a call stack goes', () => {
    let deep: unknown = 'end\u0000';
    for (let level = 0; level < 100_000; level += 1) deep = [deep];
    expect(fieldsWithNul(deep, '')).toHaveLength(1);
  });
});
