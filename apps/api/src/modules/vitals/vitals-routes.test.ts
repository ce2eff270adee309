import { VITAL_BOUNDS } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, XSRF_HEADERS } from '../../test/test-app.js';
import { seedUser } from '../../test/users-test-kit.js';

type App = Awaited<ReturnType<typeof createTestApp>>;
type Headers = Record<string, string>;
const TOKEN = 'scraper-secret-0123456789';

describe('POST /api/vitals', () => {
  let t: App;
  let admin: Headers;
  beforeAll(async () => {
    t = await createTestApp({ config: { METRICS_TOKEN: TOKEN } });
    admin = await t.bearer('EmvoPortalAdmin');
  });
  afterAll(() => t.app.close());

  const report = (payload: Record<string, unknown>, headers: Headers = {}) =>
    t.app.inject({ method: 'POST', url: '/api/vitals', headers: { ...XSRF_HEADERS, ...headers }, payload });
  const lcp = (value: number, screen = '/emvo/:queue') => ({ screen, name: 'LCP', value });
  const landing = async () =>
    (await t.app.inject({ url: '/api/admin/summary', headers: admin })).json().vitals as unknown[];
  const readings = async () => (await t.db.selectFrom('webVitalReadings').selectAll().execute()).length;
  const person = async (name: string) => (await seedUser(t, name, { roles: ['EMVO'] })).headers;

  it("takes a browser's vitals into the metrics by screen, and a person's into the landing's last day p75", async () => {
    const samples = [lcp(1200), lcp(1800), lcp(2600), lcp(3000), { screen: '/', name: 'CLS', value: 0.02 }];
    expect((await report({ samples })).statusCode).toBe(204);
    const metrics = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(metrics.body).toMatch(/portal_web_vital_lcp_seconds_count\{screen="\/emvo\/:queue"\} 4/);
    expect(metrics.body).toMatch(/portal_web_vital_lcp_seconds_bucket\{le="2",screen="\/emvo\/:queue"\} 2/);
    expect(metrics.body).toMatch(/portal_web_vital_cls_count\{screen="\/"\} 1/);
    // A visitor's report is in the metrics only.
    expect(await landing()).toEqual([
      { name: 'LCP', p75: null, people: 0 },
      { name: 'INP', p75: null, people: 0 },
      { name: 'CLS', p75: null, people: 0 },
    ]);

    // Four people, each their latest reading: p75 of 1200, 1800, 2600, 3000.
    for (const [name, value] of [
      ['Ann', 1200],
      ['Bob', 1800],
      ['Cas', 2600],
      ['Dee', 3000],
    ] as const) {
      const headers = await person(name);
      expect((await report({ samples: [lcp(9000)] }, headers)).statusCode).toBe(204);
      const cls = name === 'Ann' ? [{ screen: '/', name: 'CLS', value: 0.02 }] : [];
      expect((await report({ samples: [lcp(value), ...cls] }, headers)).statusCode).toBe(204);
    }
    expect(await landing()).toEqual([
      { name: 'LCP', p75: 2700, people: 4 },
      { name: 'INP', p75: null, people: 0 },
      { name: 'CLS', p75: 0.02, people: 1 },
    ]);
  });

  it('lets no one browser set the p75 or grow the table: anonymous floods count nowhere, a person once', async () => {
    const before = await landing();
    const rows = await readings();
    // A flood of in-bounds but slow anonymous reports: 204 each (they are metrics), nothing stored.
    const flood = { samples: Array.from({ length: 20 }, () => lcp(VITAL_BOUNDS.LCP)) };
    for (let i = 0; i < 30; i += 1) expect((await report(flood)).statusCode).toBe(204);
    expect(await landing()).toEqual(before);
    expect(await readings()).toBe(rows);

    // The same flood from one signed-in person: one reading per vital, one vote among five.
    const flooder = await person('Flo');
    for (let i = 0; i < 30; i += 1) expect((await report(flood, flooder)).statusCode).toBe(204);
    expect(await readings()).toBe(rows + 1);
    expect((await landing())[0]).toEqual({ name: 'LCP', p75: 3000, people: 5 });
  });

  it('counts a token the API would refuse as a visitor: a disabled user, a broken token', async () => {
    const rows = await readings();
    const disabled = (await seedUser(t, 'Gone', { roles: ['EMVO'], status: 'DISABLED' })).headers;
    expect((await report({ samples: [lcp(5000)] }, disabled)).statusCode).toBe(204);
    expect((await report({ samples: [lcp(5000)] }, { authorization: 'Bearer not-a-token' })).statusCode).toBe(
      204,
    );
    expect(await readings()).toBe(rows);
  });

  it.each([
    ['an LCP of ten minutes', [lcp(600_000)]],
    ['an LCP past its bound', [lcp(VITAL_BOUNDS.LCP + 1)]],
    ['an INP past its bound', [{ screen: '/', name: 'INP', value: VITAL_BOUNDS.INP + 1 }]],
    ['a CLS past its bound', [{ screen: '/', name: 'CLS', value: VITAL_BOUNDS.CLS + 0.5 }]],
    ['one bad sample among good ones', [lcp(1000), lcp(600_000)]],
  ])('refuses %s with 400 INVALID_FIELD on its value, as a visitor or a person', async (_case, samples) => {
    const rows = await readings();
    for (const headers of [{}, await person('Val')]) {
      const response = await report({ samples }, headers);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            code: 'INVALID_FIELD',
            field: expect.stringMatching(/^samples\.\d+\.value$/),
          }),
        ]),
      );
    }
    expect(await readings()).toBe(rows);
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
  });
});
