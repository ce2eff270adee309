import type { auditApi } from './audit.js';
import type { companiesApi } from './companies.js';
import type { disclaimersApi } from './disclaimer-contents.js';
import type { EndpointSpec } from './endpoint.js';
import type { filesApi } from './files.js';
import type { linksApi } from './links.js';
import type { onboardingApi } from './onboarding-steps.js';
import type { reviewQueuesApi } from './review-queues.js';
import { type Route, roles } from './route.js';

/**
 * The routes of what the SPA reads as it starts, on the sign-in page and on each role's landing, without
 * their schemas: its first page would otherwise load zod and every declaration module these reach (over
 * 20 kB gzipped). Each declaration spreads its address from here, so the two cannot disagree.
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
} as const;

const routeOf = <E extends EndpointSpec>(address: Route<E>): Route<E> => address;
const at = FIRST_SCREEN_ADDRESSES;

/** The same routes, typed as their declarations for their callers. */
export const firstScreenRoutes = {
  queueSummary: routeOf<typeof reviewQueuesApi.summary>(at.queueSummary),
  adminSummary: routeOf<typeof auditApi.summary>(at.adminSummary),
  onboardingAnswer: routeOf<typeof onboardingApi.answer>(at.onboardingAnswer),
  companyPage: routeOf<typeof companiesApi.page>(at.companyPage),
  search: routeOf<typeof companiesApi.search>(at.search),
  publishedDisclaimer: routeOf<typeof disclaimersApi.published>(at.publishedDisclaimer),
  pendingDisclaimers: routeOf<typeof disclaimersApi.pending>(at.pendingDisclaimers),
  acceptDisclaimer: routeOf<typeof disclaimersApi.accept>(at.acceptDisclaimer),
  linkList: routeOf<typeof linksApi.list>(at.linkList),
  fileDownload: routeOf<typeof filesApi.download>(at.fileDownload),
};
