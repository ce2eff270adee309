import { z } from 'zod/mini';
import { endpoint } from './endpoint.js';

/** The Core Web Vitals the SPA reports (web-vitals): largest paint, interaction, layout shift. */
export const VITAL_NAMES = ['LCP', 'INP', 'CLS'] as const;
export type VitalName = (typeof VITAL_NAMES)[number];

/**
 * The screens a vital is reported for: the router's patterns (apps/web app/router.tsx), never a URL, so the
 * metrics' labels stay a short fixed list whatever ids the addresses hold.
 */
export const VITAL_SCREENS = [
  '/',
  '/register',
  '/confirm',
  '/legal/:page',
  '/emvo',
  '/emvo/:queue',
  '/emvo/:queue/:checkId',
  '/emvo/session-tokens',
  '/emvo/tests-status-metrics',
  '/admin',
  '/admin/users',
  '/admin/gateways',
  '/admin/tooltips',
  '/admin/disclaimer-contents',
  '/admin/storage',
  '/admin/audit',
  '/external',
  '/external/onboarding',
  '/external/onboarding/:step',
  'other',
] as const;
export type VitalScreen = (typeof VITAL_SCREENS)[number];

/**
 * The most a browser can measure of each vital: LCP and INP in milliseconds (web-vitals stops LCP at the
 * first input, and an interaction that waits a minute for its next paint is a page that hung), CLS as its
 * unitless score (a session window of layout shifts, each at most 1, scores far below this). A sample
 * beyond its vital's bound is no measurement, and is refused.
 */
export const VITAL_BOUNDS: Record<VitalName, number> = { LCP: 120_000, INP: 60_000, CLS: 10 };

export const vitalSampleSchema = z
  .object({
    screen: z.enum(VITAL_SCREENS),
    name: z.enum(VITAL_NAMES),
    /** Milliseconds for LCP and INP, a unitless score for CLS (web-vitals' `value`), up to VITAL_BOUNDS. */
    value: z.number().check(z.minimum(0), z.maximum(Math.max(...Object.values(VITAL_BOUNDS)))),
  })
  .check(
    z.refine((sample) => sample.value <= VITAL_BOUNDS[sample.name], {
      message: 'A value beyond what a browser can measure of this vital',
      path: ['value'],
    }),
  );
export type VitalSample = z.infer<typeof vitalSampleSchema>;

/** What a page sends when it is hidden: the vitals measured on it since the last report. */
export const vitalsReportSchema = z.object({
  samples: z.array(vitalSampleSchema).check(z.minLength(1), z.maxLength(20)),
});

/**
 * The last day's 75th percentile of each vital over every screen (the admin landing shows it), each
 * signed-in person counted once (their latest reading), so no one browser can set it; `people`: how many.
 */
export const vitalSummarySchema = z.object({
  name: z.enum(VITAL_NAMES),
  p75: z.nullable(z.number()),
  people: z.int(),
});

export const vitalsApi = {
  report: endpoint({
    method: 'POST',
    path: '/api/vitals',
    // Visitors' pages count in the instance's metrics (the anonymous rate limit holds the volume,
    // plugins/rate-limits.ts); only signed-in people's in the admin landing's figures, each person once.
    access: 'public',
    summary: "Core Web Vitals measured in a browser, for the API's metrics and the admin landing",
    body: vitalsReportSchema,
    response: 'empty',
  }),
};
