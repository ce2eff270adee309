import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app.js';

type App = Awaited<ReturnType<typeof createTestApp>>;

describe('the request id', () => {
  let t: App;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.app.close());

  it('is on every answer, and in the error body a person can quote', async () => {
    const ok = await t.app.inject({ url: '/healthz' });
    expect(ok.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const refused = await t.app.inject({ url: '/api/gateways' });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({
      code: expect.any(String),
      requestId: refused.headers['x-request-id'],
    });
    expect(refused.headers['x-request-id']).not.toBe(ok.headers['x-request-id']);
  });

  it('puts the id on each entry of a list of field errors', async () => {
    const headers = await t.bearer('EmvoPortalAdmin');
    const response = await t.app.inject({ method: 'POST', url: '/api/gateways', headers, payload: {} });
    expect(response.statusCode).toBe(400);
    const body = response.json() as Array<{ requestId: string }>;
    expect(body.length).toBeGreaterThan(0);
    for (const entry of body) expect(entry.requestId).toBe(response.headers['x-request-id']);
  });

  it("keeps a proxy's plain id, and replaces anything else", async () => {
    const kept = await t.app.inject({
      url: '/healthz',
      headers: { 'x-request-id': 'edge-4f2a9c10' },
    });
    expect(kept.headers['x-request-id']).toBe('edge-4f2a9c10');
    const replaced = await t.app.inject({
      url: '/healthz',
      headers: { 'x-request-id': 'evil\nline injected into the log' },
    });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
