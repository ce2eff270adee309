import { type HttpHandler, http, passthrough } from 'msw';
import { auditHandlers } from './audit-handlers';
import { createMockAuditLog } from './audit-log';
import { disclaimerContentsHandlers } from './disclaimer-contents-handlers';
import { gatewaysHandlers } from './gateways-handlers';
import { linksHandlers } from './links-handlers';
import { metricsHandlers } from './metrics-handlers';
import { demoId } from './mock-data';
import type { MockContext } from './mock-http';
import { onboardingHandlers } from './onboarding-handlers';
import { organisationsHandlers } from './organisations-handlers';
import { registrationHandlers } from './registration-handlers';
import { reviewHandlers } from './review-handlers';
import { sessionTokenHandlers } from './session-token-handlers';
import { createMockStorage, storageAdminHandlers } from './storage-admin-handlers';
import { testRunHandlers } from './test-run-handlers';
import { tooltipsHandlers } from './tooltips-handlers';
import { userHandlers } from './users-handlers';

/** spec §7 and §9: with mock configured, mock responses replace calls, delayed 300 ms. */
export const MOCK_DELAY_MS = 300;

export interface MockHandlersOptions {
  /** Tests pass 0; the app uses the spec's 300 ms. */
  delayMs?: number;
}

/**
 * Every call the SPA makes (spec §7): links, the organisations list, gateways, tooltips, registration,
 * onboarding and the reviews, answered in memory. Each call to this function starts from fresh demo data,
 * so tests do not share state.
 */
export function createMockHandlers(options: MockHandlersOptions = {}): HttpHandler[] {
  const delayMs = options.delayMs ?? MOCK_DELAY_MS;
  // Counted rather than random: crypto.randomUUID needs a secure context, which a LAN address is not.
  let created = 0;
  const newId = () => demoId('b1', ++created);
  const context: MockContext = { delayMs, newId };
  // The stored files and the audit trail (issue 13): the storage screen's writes show in the audit trail.
  const storage = createMockStorage();
  const audit = createMockAuditLog();
  return [
    // Translations are the real static files (public/assets/i18n), never mocked.
    http.get('/assets/i18n/*', () => passthrough()),

    ...organisationsHandlers(context),
    ...linksHandlers(context),
    ...gatewaysHandlers(context),
    ...tooltipsHandlers(context),
    ...registrationHandlers(context),
    ...onboardingHandlers(context),
    // After onboarding's: both serve GET /api/files/:id, each for its own files.
    ...reviewHandlers(context),
    ...sessionTokenHandlers(context),
    ...userHandlers(context),
    ...metricsHandlers(context),
    ...testRunHandlers(context),
    // After registration's, which serves GET /api/disclaimers/REGISTRATION itself.
    ...disclaimerContentsHandlers(context),
    // Its filesApi.download answers its own files only (file-download.ts), as onboarding's and the reviews' do.
    ...storageAdminHandlers(context, { storage, audit }),
    ...auditHandlers(context, { log: audit, storage }),
  ];
}
