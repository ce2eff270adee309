import { organisationsApi } from '@portal/contracts';
import type { HttpHandler } from 'msw';
import { MOCK_ORGANISATIONS } from './mock-data';
import type { MockContext } from './mock-http';
import { mockRoute } from './mock-route';

/**
 * The reviewers' list of organisations (apps/api modules/organisations): every demo organisation, which
 * mockRoute filters, sorts and pages by the list's declaration. The stage moves are the metrics screen's
 * (metrics-handlers.ts).
 */
export const organisationsHandlers = (context: MockContext): HttpHandler[] => [
  mockRoute(context, organisationsApi.list, async () => MOCK_ORGANISATIONS),
];
