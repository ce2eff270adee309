import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app.js';

type App = Awaited<ReturnType<typeof createTestApp>>;
const TOKEN = 'scraper-secret-0123456789';

describe('GET /metrics', () => {
  let t: App;
  beforeAll(async () => {
    t = await createTestApp({ config: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(() => t.app.close());

  const scrape = (authorization?: string) =>
    t.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });

  it('is refused without the bearer secret, or with another one', async () => {
    for (const authorization of [undefined, 'Bearer wrong-secret-0123456789', `Basic ${TOKEN}`, TOKEN]) {
      const response = await scrape(authorization);
      expect(response.statusCode, String(authorization)).toBe(401);
      expect(response.body).not.toContain('portal_');
    }
  });

  it('answers the request durations by route pattern, the outbox backlog and the process figures', async () => {
    await t.app.inject({ url: '/healthz' });
    await t.db
      .insertInto('outbox')
      .values({ toAddress: 'a@example.com', subject: 'Hello', text: 'Hi', nextAttemptAt: new Date() })
      .execute();
    const response = await scrape(`Bearer ${TOKEN}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toMatch(
      /portal_http_request_duration_seconds_count\{method="GET",route="\/healthz",status="200"\} 1/,
    );
    expect(response.body).toMatch(/portal_mail_outbox_pending 1/);
    expect(response.body).toMatch(/portal_mail_outbox_oldest_pending_age_seconds \d/);
    expect(response.body).toContain('portal_storage_errors_total');
    expect(response.body).toContain('process_cpu_seconds_total');
  });
});

describe('without METRICS_TOKEN', () => {
  it('has no metrics route at all: the figures are never public', async () => {
    const t = await createTestApp();
    const response = await t.app.inject({
      url: '/metrics',
      headers: { authorization: 'Bearer anything-at-all-123' },
    });
    expect(response.body).not.toContain('portal_http_request_duration_seconds');
    await t.app.close();
  });
});
