import { roles } from './route.js';

/**
 * The routes of what the SPA reads as it starts, on the sign-in page and on each role's landing (and what its
 * live stream keys, loaded just after), without
 * their schemas: its first page would otherwise load zod and every declaration module these reach (over
 * 20 kB gzipped). Each declaration spreads its address from here, so the two cannot disagree; first-screen-routes.ts
 * types them as their declarations.
 */
export const FIRST_SCREEN_ADDRESSES = {
  queueSummary: { method: 'GET', path: '/api/review-queues/summary', access: roles('EMVO') },
  adminSummary: { method: 'GET', path: '/api/admin/summary', access: roles('ADMIN') },
  onboardingAnswer: { method: 'GET', path: '/api/onboarding', access: roles('EXTERNAL') },
  companyPage: { method: 'GET', path: '/api/companies/:obpNumber', access: roles('EMVO', 'ADMIN') },
  search: { method: 'GET', path: '/api/search', access: roles('EMVO', 'ADMIN') },
  publishedDisclaimer: { method: 'GET', path: '/api/disclaimers/:type', access: 'public' },
  pendingDisclaimers: {
    method: 'GET',
    path: '/api/disclaimers/pending',
    access: roles('ADMIN', 'EMVO', 'EXTERNAL'),
  },
  acceptDisclaimer: {
    method: 'POST',
    path: '/api/disclaimers/:type/acceptances',
    access: roles('ADMIN', 'EMVO', 'EXTERNAL'),
    status: 201,
  },
  linkList: { method: 'GET', path: '/links/:id', access: 'public' },
  fileDownload: {
    method: 'GET',
    path: '/api/files/:id',
    access: roles('ADMIN', 'EMVO', 'EXTERNAL'),
    response: 'download',
  },
  // What the live stream's chunk keys its invalidations by (the SPA's live/change-queries.ts). It loads
  // right after the first screen: importing the declarations there evaluated every schema module they reach
  // in one task, over 100 ms on a slow phone's CPU once the page was shown.
  checkDetail: { method: 'GET', path: '/api/checks/:id', access: roles('EMVO') },
  checkNotes: { method: 'GET', path: '/api/checks/:id/notes', access: roles('EMVO', 'ADMIN') },
  reviewQueue: { method: 'GET', path: '/api/review-queues/:queue', access: roles('EMVO') },
  metricsFigures: { method: 'GET', path: '/api/metrics', access: roles('EMVO') },
  metricsCompanies: { method: 'GET', path: '/api/metrics/companies', access: roles('EMVO') },
  organisationsList: { method: 'GET', path: '/api/organisations', access: roles('EMVO', 'ADMIN') },
  sessionTokensList: { method: 'GET', path: '/api/session-tokens', access: roles('EMVO') },
} as const;
