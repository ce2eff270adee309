import type { VitalSample } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { TokenCipher } from './company/token-cipher.js';
import type { Config } from './config.js';
import type { Database } from './db/database-handle.js';
import { agreementTemplatesRoutes } from './modules/agreement-templates/agreement-templates-routes.js';
import { auditRoutes } from './modules/audit/audit-routes.js';
import { companiesRoutes } from './modules/companies/companies-routes.js';
import { devOutboxRoutes } from './modules/dev-outbox/dev-outbox-routes.js';
import { disclaimerContentsRoutes } from './modules/disclaimers/disclaimer-contents-routes.js';
import { disclaimersRoutes } from './modules/disclaimers/disclaimers-routes.js';
import { environmentRoutes } from './modules/environment/environment-routes.js';
import { eventsRoutes } from './modules/events/events-routes.js';
import { filesRoutes } from './modules/files/files-routes.js';
import { gatewaysRoutes } from './modules/gateways/gateways-routes.js';
import { healthRoutes } from './modules/health/health-routes.js';
import { claimsRoutes } from './modules/identity/claims-routes.js';
import { linksRoutes } from './modules/links/links-routes.js';
import { metricsRoutes } from './modules/metrics/metrics-routes.js';
import { onboardingRoutes } from './modules/onboarding/onboarding-routes.js';
import { onboardingStepsRoutes } from './modules/onboarding/onboarding-steps-routes.js';
import { technicalRoutes } from './modules/onboarding/technical-routes.js';
import { organisationsRoutes } from './modules/organisations/organisations-routes.js';
import { registrationRoutes } from './modules/registration/registration-routes.js';
import { reviewsRoutes } from './modules/reviews/reviews-routes.js';
import { sessionTokensRoutes } from './modules/session-tokens/session-tokens-routes.js';
import { storageAdminRoutes } from './modules/storage-admin/storage-admin-routes.js';
import { testRunsRoutes } from './modules/test-runs/test-runs-routes.js';
import { tooltipsRoutes } from './modules/tooltips/tooltips-routes.js';
import { usersRoutes } from './modules/users/users-routes.js';
import { vitalsRoutes } from './modules/vitals/vitals-routes.js';

export interface RoutesOptions {
  database: Database;
  config: Config;
  /** Each web-vitals sample, for this instance's metrics. */
  observeVital: (sample: VitalSample) => void;
  /** The session tokens' cipher, of the key the composition names (company/token-cipher.ts). */
  tokenCipher: () => Promise<TokenCipher>;
}

/**
 * Every module's routes, in one list: the API (app.ts) registers them after its plugins, and the API in
 * the browser (in-browser/) registers the same ones, so neither can miss a route the other has.
 */
export const routesPlugin = fp(
  async (app: FastifyInstance, { database, config, observeVital, tokenCipher }: RoutesOptions) => {
    await app.register(healthRoutes, { database });
    await app.register(environmentRoutes, { config });
    await app.register(claimsRoutes);
    // Anonymous: the published disclaimers, then registration and the mailed links (rate-limited inside).
    await app.register(disclaimersRoutes);
    await app.register(registrationRoutes, { database, config });
    await app.register(organisationsRoutes);
    await app.register(gatewaysRoutes);
    await app.register(tooltipsRoutes);
    await app.register(disclaimerContentsRoutes);
    await app.register(filesRoutes);
    await app.register(storageAdminRoutes);
    await app.register(auditRoutes);
    await app.register(onboardingRoutes, { database, config });
    await app.register(onboardingStepsRoutes, { database, config });
    await app.register(technicalRoutes, { database, cipher: tokenCipher });
    await app.register(agreementTemplatesRoutes, { database, config });
    await app.register(reviewsRoutes, { database, config });
    // The company page and the top bar's search (reviewers and administrators).
    await app.register(companiesRoutes);
    // Live updates (the change events every write records, the stream, presence on a check).
    await app.register(eventsRoutes, { database, config });
    await app.register(metricsRoutes, { database, config });
    await app.register(sessionTokensRoutes, { config, cipher: tokenCipher });
    await app.register(testRunsRoutes);
    await app.register(usersRoutes, { database, config });
    await app.register(linksRoutes);
    await app.register(vitalsRoutes, { database, observe: observeVital });
    // domain.md: the outbox is readable through the API locally: only when DEV_OUTBOX asks for it.
    if (config.devOutbox) await app.register(devOutboxRoutes);
  },
);
