import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, XSRF_HEADERS } from '../../test/test-app.js';

type App = Awaited<ReturnType<typeof createTestApp>>;
const TOKEN = 'scraper-secret-0123456789';

describe('POST /api/vitals (issue 24 item 4)', () => {
  let t: App;
  beforeAll(async () => {
    t = await createTestApp({ config: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(() => t.app.close());

  const report = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/vitals', headers: XSRF_HEADERS, payload });

  it("takes a browser's vitals: into the metrics by screen, and into the admin landing's last day p75", async () => {
    const samples = [
      { screen: '/emvo/:queue', name: 'LCP', value: 1200 },
      { screen: '/emvo/:queue', name: 'LCP', value: 1800 },
      { screen: '/emvo/:queue', name: 'LCP', value: 2600 },
      { screen: '/emvo/:queue', name: 'LCP', value: 3000 },
      { screen: '/', name: 'CLS', value: 0.02 },
    ];
    expect((await report({ samples })).statusCode).toBe(204);
    const metrics = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(metrics.body).toMatch(/portal_web_vital_lcp_seconds_count\{screen="\/emvo\/:queue"\} 4/);
    expect(metrics.body).toMatch(/portal_web_vital_lcp_seconds_bucket\{le="2",screen="\/emvo\/:queue"\} 2/);
    expect(metrics.body).toMatch(/portal_web_vital_cls_count\{screen="\/"\} 1/);

    const summary = await t.app.inject({
      url: '/api/admin/summary',
      headers: await t.bearer('EmvoPortalAdmin'),
    });
    expect(summary.json().vitals).toEqual([
      { name: 'LCP', p75: 2700, samples: 4 },
      { name: 'INP', p75: null, samples: 0 },
      { name: 'CLS', p75: 0.02, samples: 1 },
    ]);
  });

  it("refuses a screen that is not one of the router's patterns, an unknown vital and an empty report", async () => {
    for (const samples of [
      [{ screen: '/emvo/legitimacy/8f0e2c1a-1111-4222-8333-444455556666', name: 'LCP', value: 1 }],
      [{ screen: '/', name: 'FID', value: 1 }],
      [{ screen: '/', name: 'LCP', value: -1 }],
      [],
    ]) {
      const response = await report({ samples });
      expect(response.statusCode, JSON.stringify(samples)).toBe(400);
      expect(response.json()).toEqual(
        expect.arrayContaining([expect.objectContaining({ code: 'INVALID_FIELD' })]),
      );
    }
    expect(await t.db.selectFrom('webVitals').select('id').where('value', '<', 0).execute()).toEqual([]);
  });
});
