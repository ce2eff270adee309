import { describe, expect, it } from 'vitest';
import { auditApi } from './audit.js';
import { companiesApi } from './companies.js';
import { disclaimersApi } from './disclaimer-contents.js';
import { filesApi } from './files.js';
import { firstScreenRoutes } from './first-screen-routes.js';
import { linksApi } from './links.js';
import { metricsApi } from './metrics.js';
import { onboardingApi } from './onboarding-steps.js';
import { organisationsApi } from './organisations.js';
import { reviewQueuesApi } from './review-queues.js';
import { checksApi } from './reviews.js';
import { sessionTokensApi } from './session-tokens.js';

const DECLARATIONS = {
  queueSummary: reviewQueuesApi.summary,
  adminSummary: auditApi.summary,
  onboardingAnswer: onboardingApi.answer,
  companyPage: companiesApi.page,
  search: companiesApi.search,
  publishedDisclaimer: disclaimersApi.published,
  pendingDisclaimers: disclaimersApi.pending,
  acceptDisclaimer: disclaimersApi.accept,
  linkList: linksApi.list,
  fileDownload: filesApi.download,
  checkDetail: checksApi.check,
  checkNotes: checksApi.notes,
  reviewQueue: reviewQueuesApi.queue,
  metricsFigures: metricsApi.figures,
  metricsCompanies: metricsApi.companies,
  organisationsList: organisationsApi.list,
  sessionTokensList: sessionTokensApi.list,
};

describe('first-screen routes', () => {
  it.each(Object.entries(DECLARATIONS))('%s is its declaration without the schemas', (name, declaration) => {
    const route = firstScreenRoutes[name as keyof typeof firstScreenRoutes];
    expect(route).toEqual({
      method: declaration.method,
      path: declaration.path,
      access: declaration.access,
      ...('status' in declaration ? { status: declaration.status } : {}),
      ...(typeof declaration.response === 'string' ? { response: declaration.response } : {}),
    });
  });
});
