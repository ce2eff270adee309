import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody, uploadForm } from '../storage/test-uploads.js';
import { createTestApp } from '../test/test-app.js';
import { seedUser } from '../test/users-test-kit.js';

// Every signed-in write is limited per user, uploads more tightly.

type App = Awaited<ReturnType<typeof createTestApp>>;
let t: App;
const WRITES = 4;
const UPLOADS = 2;

beforeAll(async () => {
  t = await createTestApp({
    config: { RATE_LIMIT_USER_WRITES: String(WRITES), RATE_LIMIT_USER_UPLOADS: String(UPLOADS) },
  });
});
afterAll(() => t.app.close());

const createLink = async (headers: Record<string, string>, n: number) =>
  (
    await t.app.inject({
      method: 'POST',
      url: '/links/footer-links',
      payload: { label: `Link ${n}`, link: `https://example.com/${n}` },
      headers,
    })
  ).statusCode;

describe('per-user limits on signed-in writes', () => {
  it('refuses a user’s writes past the limit (429 TOO_MANY_REQUESTS), counts each user apart, never limits reads', async () => {
    const admin = await t.bearer('EmvoPortalAdmin');
    const statuses: number[] = [];
    for (let n = 0; n <= WRITES; n += 1) statuses.push(await createLink(admin, n));
    expect(statuses).toEqual([...Array(WRITES).fill(201), 429]);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/links/footer-links',
      payload: { label: 'One more', link: 'https://example.com/more' },
      headers: admin,
    });
    expect(refused.json()).toEqual({
      code: 'TOO_MANY_REQUESTS',
      message: expect.any(String),
      requestId: expect.any(String),
    });
    expect(refused.headers['retry-after']).toBeDefined();

    // Reads go on; another user has a count of their own.
    expect((await t.app.inject({ url: '/api/gateways', headers: admin })).statusCode).toBe(200);
    const other = (await seedUser(t, 'Other Admin')).headers;
    expect(await createLink(other, 100)).toBe(201);
  });

  it('limits uploads more tightly, before the body is read', async () => {
    const { headers } = await seedUser(t, 'Uploader');
    const upload = async () => {
      const body = await multipartBody(
        uploadForm({}, [{ name: 'note.txt', content: Buffer.from('not a pdf') }]),
      );
      return (
        await t.app.inject({
          method: 'POST',
          url: '/api/agreement-templates',
          headers: { ...headers, ...body.headers },
          payload: body.payload,
        })
      ).statusCode;
    };
    const statuses: number[] = [];
    for (let n = 0; n <= UPLOADS; n += 1) statuses.push(await upload());
    // Refused for their content (400) while within the limit, then 429 without being read.
    expect(statuses.slice(0, UPLOADS).every((status) => status !== 429)).toBe(true);
    expect(statuses[UPLOADS]).toBe(429);
  });
});
