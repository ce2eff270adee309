import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HttpClient } from './http-client';
import { screenOf, startVitalsReporting } from './web-vitals';

type Report = (metric: { value: number }) => void;
const reporters: Record<string, Report> = {};
vi.mock('web-vitals', () => ({
  onLCP: (report: Report) => {
    reporters.LCP = report;
  },
  onINP: (report: Report) => {
    reporters.INP = report;
  },
  onCLS: (report: Report) => {
    reporters.CLS = report;
  },
}));

describe('screenOf (a screen is the router pattern, never an address with ids)', () => {
  it.each([
    ['/', '/'],
    ['/emvo/legitimacy', '/emvo/:queue'],
    ['/emvo/session-tokens', '/emvo/session-tokens'],
    ['/emvo/financial/8f0e2c1a-1111-4222-8333-444455556666', '/emvo/:queue/:checkId'],
    ['/external/onboarding/technical', '/external/onboarding/:step'],
    ['/legal/notice', '/legal/:page'],
    ['/somewhere/else/entirely', 'other'],
  ])('%s → %s', (pathname, screen) => {
    expect(screenOf(pathname)).toBe(screen);
  });
});

describe('startVitalsReporting', () => {
  afterEach(() => vi.restoreAllMocks());

  it("sends the page's vitals once it is hidden, LCP for the first screen, with keepalive", async () => {
    window.history.replaceState(null, '', '/emvo/legitimacy');
    const http = vi.fn(async () => undefined) as unknown as HttpClient;
    startVitalsReporting(http, window.location.pathname);
    await vi.waitFor(() => expect(reporters.LCP).toBeDefined());
    reporters.LCP?.({ value: 1234 });
    window.history.replaceState(null, '', '/emvo/session-tokens');
    reporters.INP?.({ value: 80 });
    reporters.CLS?.({ value: 0.03 });
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(http).toHaveBeenCalledWith('/api/vitals', {
      method: 'POST',
      keepalive: true,
      body: {
        samples: [
          { name: 'LCP', screen: '/emvo/:queue', value: 1234 },
          { name: 'INP', screen: '/emvo/session-tokens', value: 80 },
          { name: 'CLS', screen: '/emvo/session-tokens', value: 0.03 },
        ],
      },
    });
    // Nothing new measured: hiding the page again sends nothing.
    document.dispatchEvent(new Event('visibilitychange'));
    expect(http).toHaveBeenCalledTimes(1);
  });
});
