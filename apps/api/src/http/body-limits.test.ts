import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, XSRF_HEADERS } from '../test/test-app.js';
import { DEFAULT_BODY_LIMIT, LARGE_BODY_LIMIT } from './body-limits.js';

// A large JSON body is refused before it is parsed, unless its route needs one.

type App = Awaited<ReturnType<typeof createTestApp>>;
let t: App;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.app.close());

/** A JSON array of about `bytes` bytes. */
const arrayOf = (bytes: number) =>
  `[${Array(Math.ceil(bytes / 6))
    .fill('"abc"')
    .join(',')}]`;

describe('body limits', () => {
  it('refuses an anonymous 0.9 MB JSON body with 413 FILE_TOO_LARGE, without parsing it', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/registrations',
      headers: { ...XSRF_HEADERS, 'content-type': 'application/json' },
      payload: arrayOf(900_000),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'FILE_TOO_LARGE' });
  });

  it(`takes ${DEFAULT_BODY_LIMIT} bytes on an ordinary route and refuses one byte more`, async () => {
    const headers = { ...(await t.bearer('EmvoPortalAdmin')), 'content-type': 'application/json' };
    const padded = (size: number) => {
      const body = JSON.stringify({ label: 'L', link: 'https://example.com', pad: '' });
      return body.replace('"pad":""', `"pad":"${'x'.repeat(size - body.length)}"`);
    };
    const within = await t.app.inject({
      method: 'POST',
      url: '/links/footer-links',
      headers,
      payload: padded(DEFAULT_BODY_LIMIT),
    });
    expect(within.statusCode).not.toBe(413);
    const past = await t.app.inject({
      method: 'POST',
      url: '/links/footer-links',
      headers,
      payload: padded(DEFAULT_BODY_LIMIT + 1),
    });
    expect(past.statusCode).toBe(413);
  });

  it('lets a whole legitimacy step or disclaimer text past the default, up to the large limit', async () => {
    const headers = { ...(await t.bearer('EmvoPortalAdmin')), 'content-type': 'application/json' };
    const text = 'x'.repeat(49_000);
    const draft = await t.app.inject({
      method: 'POST',
      url: '/api/disclaimer-contents',
      headers,
      payload: JSON.stringify({ type: 'PRIVACY', body: text, bodies: { en: text } }),
    });
    expect(draft.statusCode).not.toBe(413);
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/disclaimer-contents',
      headers,
      payload: arrayOf(LARGE_BODY_LIMIT + 10),
    });
    expect(huge.statusCode).toBe(413);
  });
});
