import {
  pathOf,
  VITAL_SCREENS,
  type VitalName,
  type VitalSample,
  type VitalScreen,
  vitalsApi,
} from '@portal/contracts';
import { matchRoutes } from 'react-router';
import type { HttpClient } from './http-client';

const PATTERNS = VITAL_SCREENS.filter((screen) => screen !== 'other').map((path) => ({ path }));

/** The router's pattern of an address (its ids left out), as the API's metrics label a screen. */
export function screenOf(pathname: string): VitalScreen {
  const match = matchRoutes(PATTERNS, pathname)?.at(-1);
  return (match?.route.path as VitalScreen | undefined) ?? 'other';
}

/** A report holds at most this many samples (contracts vitalsReportSchema). */
const MAX_SAMPLES = 20;

/**
 * The Core Web Vitals of this page (this module and web-vitals, loaded by main.tsx once the
 * first screen is drawn), sent to the API when the page is hidden (the moment web-vitals settles INP and CLS;
 * `keepalive` lets the call outlive a closing tab). LCP is the first screen's, the page load's; INP and CLS count the whole visit
 * and are told for the screen the person leaves on; LCP's screen is the address the page opened at
 * (`firstPath`).
 */
export function startVitalsReporting(http: HttpClient, firstPath: string): void {
  const firstScreen = screenOf(firstPath);
  const report = async () => {
    const { onCLS, onINP, onLCP } = await import('web-vitals');
    const pending: VitalSample[] = [];
    const add = (name: VitalName, screen?: VitalScreen) => (metric: { value: number }) =>
      pending.push({
        name,
        screen: screen ?? screenOf(window.location.pathname),
        value: Math.max(0, metric.value),
      });
    onLCP(add('LCP', firstScreen));
    onINP(add('INP'));
    onCLS(add('CLS'));
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState !== 'hidden' || pending.length === 0) return;
      const samples = pending.splice(0, MAX_SAMPLES);
      void http(pathOf(vitalsApi.report), { method: 'POST', body: { samples }, keepalive: true }).catch(
        () => {
          // A lost report is a lost sample, nothing the person needs to hear of.
        },
      );
    });
  };
  void report().catch(() => {});
}
