import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../http/api-error.js';
import { errorsPlugin } from './errors.js';

const app = Fastify({ logger: false });
const refused = () =>
  Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

beforeAll(async () => {
  await app.register(errorsPlugin);
  app.get('/refused', async () => {
    throw refused();
  });
  app.get('/shutdown', async () => {
    throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
  });
  app.get('/bug', async () => {
    throw new TypeError('undefined is not a function');
  });
  app.get('/api-error', async () => {
    throw new ApiError(409, 'VERSION_CONFLICT', 'Stale');
  });
  app.get('/client-aborted', async () => {
    // A 4xx error that carries a network code is the client's doing, never an outage of ours.
    throw Object.assign(new Error('aborted'), { code: 'ECONNRESET', statusCode: 400 });
  });
  await app.ready();
});
afterAll(() => app.close());

const call = async (url: string) => {
  const response = await app.inject({ method: 'GET', url });
  return { status: response.statusCode, body: response.json<{ code: string; message: string }>() };
};

describe('the central error handler', () => {
  it.each([
    ['/refused', 'the database refuses connections'],
    ['/shutdown', 'the database ended the session'],
  ])('%s (%s): 503 SERVICE_UNAVAILABLE with the request id, no internals', async (url) => {
    const { status, body } = await call(url);
    expect(status).toBe(503);
    expect(body.code).toBe('SERVICE_UNAVAILABLE');
    expect(body.message).toMatch(/\(request req-\w+\)$/);
    expect(body.message).not.toMatch(/ECONNREFUSED|5432|administrator/);
  });

  it('a bug stays a 500 DEFAULT_ERROR', async () => {
    expect(await call('/bug')).toMatchObject({ status: 500, body: { code: 'DEFAULT_ERROR' } });
  });

  it('an ApiError keeps its status and code', async () => {
    expect(await call('/api-error')).toEqual({
      status: 409,
      body: { code: 'VERSION_CONFLICT', message: 'Stale' },
    });
  });

  it("a 4xx error carrying a network code stays the client's 4xx", async () => {
    expect(await call('/client-aborted')).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST' } });
  });
});
