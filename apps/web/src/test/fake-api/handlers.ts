import { demoId } from '@portal/demo-data';
import { type HttpHandler, HttpResponse, http, passthrough } from 'msw';
import { MOCK_DELAY_MS, MOCK_PROBE_PATH } from '../../mock/mock-mode';
import { gatewaysHandlers, tooltipsHandlers } from './admin-handlers';
import { auditHandlers } from './audit-handlers';
import { disclaimerContentsHandlers } from './disclaimer-contents-handlers';
import { linksHandlers } from './links-handlers';
import { liveHandlers } from './live-handlers';
import { metricsHandlers } from './metrics-handlers';
import { type MockDb, openMockDb, saveMockDb } from './mock-db';
import type { MockContext } from './mock-http';
import { onboardingHandlers } from './onboarding-handlers';
import { organisationsHandlers } from './organisations-handlers';
import { reviewHandlers, sessionTokenHandlers } from './review-handlers';

import { fileDownloadRoute, storageAdminHandlers } from './storage-admin-handlers';
import { testRunHandlers } from './test-run-handlers';
import { userHandlers } from './users-handlers';

export interface MockHandlersOptions {
  /** Tests pass 0; the app uses the spec's 300 ms. */
  delayMs?: number;
  /** Where the store outlives a page load (the app's session storage); tests start from a fresh one. */
  storage?: Storage;
  /** The store to answer from (tests that set rows up first); else the storage's, else a fresh one. */
  db?: MockDb;
  now?: () => Date;
}

/** What the handlers share (mock-http.ts MockContext); tests make one to run a group of handlers alone. */
export function createMockContext(options: MockHandlersOptions & { newId?: () => string } = {}): MockContext {
  const db = options.db ?? openMockDb(options.storage);
  return {
    delayMs: options.delayMs ?? MOCK_DELAY_MS,
    // Counted in the store rather than random (crypto.randomUUID needs a secure context, which a LAN
    // address is not), so that no page load or tab gives an id twice.
    newId: options.newId ?? (() => demoId('ff', ++db.idSequence)),
    db,
    persist: () => saveMockDb(db, options.storage),
    now: options.now ?? (() => new Date()),
  };
}

/**
 * Every call the SPA makes (spec §7): links, the organisations list, gateways, tooltips, registration,
 * onboarding and the reviews, answered in memory. Each call to this function starts from fresh demo data,
 * so tests do not share state.
 */
export function createMockHandlers(options: MockHandlersOptions = {}): HttpHandler[] {
  const context = createMockContext(options);
  return [
    // Translations are the real static files (public/assets/i18n), never mocked.
    http.get('/assets/i18n/*', () => passthrough()),
    http.get(MOCK_PROBE_PATH, () => HttpResponse.json({ mock: true })),
    // Every stored file, whoever wrote it, as the caller may read it.
    fileDownloadRoute(context),

    ...organisationsHandlers(context),
    ...linksHandlers(context),
    ...gatewaysHandlers(context),
    ...tooltipsHandlers(context),
    ...onboardingHandlers(context),
    ...reviewHandlers(context),
    ...sessionTokenHandlers(context),
    ...userHandlers(context),
    ...metricsHandlers(context),
    ...testRunHandlers(context),
    // Every type's published text, REGISTRATION's too, and the sign-in acceptances.
    ...disclaimerContentsHandlers(context),
    ...storageAdminHandlers(context),
    ...auditHandlers(context),
    // Issue 25: no stream (the ticket answers 501), presence per tab.
    ...liveHandlers(context),
  ];
}
