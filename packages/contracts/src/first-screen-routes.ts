import type { auditApi } from './audit.js';
import type { companiesApi } from './companies.js';
import type { disclaimersApi } from './disclaimer-contents.js';
import type { EndpointSpec } from './endpoint.js';
import type { filesApi } from './files.js';
import { FIRST_SCREEN_ADDRESSES } from './first-screen-addresses.js';
import type { linksApi } from './links.js';
import type { metricsApi } from './metrics.js';
import type { onboardingApi } from './onboarding-steps.js';
import type { organisationsApi } from './organisations.js';
import type { reviewQueuesApi } from './review-queues.js';
import type { checksApi } from './reviews.js';
import type { Route } from './route.js';
import type { sessionTokensApi } from './session-tokens.js';

// The routes of first-screen-addresses.ts, typed as their declarations, for the SPA's first page: these
// imports of the declaration modules are types only, so the page loads none of their schemas.

const routeOf = <E extends EndpointSpec>(address: Route<E>): Route<E> => address;
const at = FIRST_SCREEN_ADDRESSES;

/** Each first-screen route, typed as its declaration for its callers. */
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
  checkDetail: routeOf<typeof checksApi.check>(at.checkDetail),
  checkNotes: routeOf<typeof checksApi.notes>(at.checkNotes),
  reviewQueue: routeOf<typeof reviewQueuesApi.queue>(at.reviewQueue),
  metricsFigures: routeOf<typeof metricsApi.figures>(at.metricsFigures),
  metricsCompanies: routeOf<typeof metricsApi.companies>(at.metricsCompanies),
  organisationsList: routeOf<typeof organisationsApi.list>(at.organisationsList),
  sessionTokensList: routeOf<typeof sessionTokensApi.list>(at.sessionTokensList),
};
