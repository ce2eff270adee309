import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app.js';

type App = Awaited<ReturnType<typeof createTestApp>>;
let t: App;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.app.close());

describe('the one error shape, for errors Fastify raises before a route is found', () => {
  // Found by the routes fuzz (src/test/fuzz): a path that is not valid percent-encoding was answered by
  // Fastify's default handler, `{ error, code: 'FST_ERR_BAD_URL', statusCode }`, a code the SPA cannot read.
  it.each([
    ['a lone percent sign', '/api/gateways/%'],
    ['a percent sign without hex digits', '/api/checks/%zz'],
    ['a truncated UTF-8 sequence', '/links/%E0%A4%A'],
  ])('answers 400 BAD_REQUEST for %s in the path, signed in or not', async (_case, url) => {
    for (const headers of [{}, await t.bearer('EmvoPortalAdmin')]) {
      const response = await t.app.inject({ method: 'GET', url, headers });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 'BAD_REQUEST', message: expect.any(String) });
    }
  });
});
