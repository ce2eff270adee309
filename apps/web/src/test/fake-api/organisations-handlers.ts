import { organisationSummarySchema, organisationsApi } from '@portal/contracts';
import type { HttpHandler } from 'msw';
import { type MockContext, mockRoute } from './mock-http';

/**
 * The reviewers' list of organisations (apps/api organisations-list.ts): each row as the list's summary
 * (the schema keeps its columns only), which mockRoute filters, sorts and pages. The stage moves are the
 * metrics screen's (metrics-handlers.ts).
 */
export const organisationsHandlers = (context: MockContext): HttpHandler[] => [
  mockRoute(context, organisationsApi.list, async () =>
    context.db.organisations.map((row) =>
      organisationSummarySchema.parse({ ...row, address: { city: row.city, country: row.country } }),
    ),
  ),
];
