import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app.js';

type App = Awaited<ReturnType<typeof createTestApp>>;
let t: App;
let authorization: string;
const body = { label: 'Help', link: 'https://example.com' };

beforeAll(async () => {
  t = await createTestApp();
  authorization = (await t.bearer('EmvoPortalAdmin')).authorization;
});
afterAll(() => t.app.close());

describe('anti-forgery (spec §7)', () => {
  it('gives a browser without one an XSRF-TOKEN cookie the SPA can read', async () => {
    const response = await t.app.inject('/links/footer-links');
    const cookie = response.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie).toMatchObject({ path: '/', sameSite: 'Strict' });
    expect(cookie?.httpOnly).toBeFalsy();
    expect(cookie?.value.length).toBeGreaterThanOrEqual(32);
  });

  it('does not replace a cookie the browser already has', async () => {
    const response = await t.app.inject({
      url: '/links/footer-links',
      headers: { cookie: 'XSRF-TOKEN=abc' },
    });
    expect(response.cookies.find((c) => c.name === 'XSRF-TOKEN')).toBeUndefined();
  });

  it.each([
    ['no header', { cookie: 'XSRF-TOKEN=abc' }],
    ['no cookie', { 'x-xsrf-token': 'abc' }],
    ['a header that differs from the cookie', { cookie: 'XSRF-TOKEN=abc', 'x-xsrf-token': 'abd' }],
  ])('refuses a signed-in write with %s (403)', async (_case, headers) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/links/footer-links',
      payload: body,
      headers: { authorization, ...headers },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
  });

  it.each(['/%61pi/users/invitations', '/%6Cinks/footer-links', '/api/users/%69nvitations'])(
    'refuses a write without the header whatever the URL spelling (%s)',
    async (url) => {
      const response = await t.app.inject({
        method: 'POST',
        url,
        payload: { email: 'new@portal.test', displayName: 'New', role: 'EMVO' },
        headers: { authorization, cookie: 'XSRF-TOKEN=abc' },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({
        code: 'FORBIDDEN',
        message: expect.stringContaining('anti-forgery'),
      });
    },
  );

  it('lets a write through when header and cookie match', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/links/footer-links',
      payload: body,
      headers: { authorization, cookie: 'XSRF-TOKEN=abc', 'x-xsrf-token': 'abc' },
    });
    expect(response.statusCode).toBe(201);
  });
});
