import type { HttpHandler } from 'msw';
import type { SetupServer } from 'msw/node';
import { createMemoryRouter, useParams } from 'react-router';
import { vi } from 'vitest';
import { createQueryClient } from '../../../http/error-handler';
import { createHttpClient } from '../../../http/http-client';
import { mockToken } from '../../../mock/mock-accounts';
import { createMockContext } from '../../../test/fake-api/handlers';
import { reviewHandlers } from '../../../test/fake-api/review-handlers';
import { renderApp } from '../../../test/render-app';
import { TEST_ENVIRONMENT } from '../../../test/render-with-providers';
import { testAuth, userWith } from '../../../test/session-users';
import { EmvoHomePage } from '../emvo-home-page';
import { QUEUE_SCREENS } from './queue-page';

/**
 * The tests' clock: what is overdue in the demo world. Between its open legitimacy checks' SLA due dates,
 * so some awaiting review are overdue and some not, among the demo reviewer's too.
 */
export const NOW = new Date('2026-04-05T10:00:00Z');

/**
 * Test helper (the reviewers' pages): mock mode's review handlers over the demo world at a fixed time,
 * `overrides` before them. Returns the API calls the page made, as `path?query` strings (the query decoded).
 */
export function serveReviews(server: SetupServer, ...overrides: HttpHandler[]) {
  const calls: string[] = [];
  let created = 0;
  server.resetHandlers(
    ...overrides,
    ...reviewHandlers(
      createMockContext({
        delayMs: 0,
        newId: () => `f5000000-0000-4000-8000-${String(++created).padStart(12, '0')}`,
        now: () => NOW,
      }),
    ),
  );
  server.events.removeAllListeners();
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    calls.push(decodeURIComponent(`${url.pathname}${url.search}`));
  });
  return calls;
}

/** A signed-in reviewer. */
const auth = testAuth(userWith('EmvoPortalInternal'));

/** What the check detail route shows here: the detail view is another page's (check-detail/). */
function DetailStub() {
  const { queue, checkId } = useParams();
  return <h1>{`Check ${checkId} of ${queue}`}</h1>;
}

/**
 * The emvo area's routes of router.tsx (the landing page, the three queues, a stand-in for the detail) on
 * a memory router at `path`, with the app's providers and its real HTTP client, which msw answers.
 */
export function renderReviewerRoute(path: string) {
  const handleError = vi.fn();
  const client = createHttpClient({
    baseUrl: location.origin,
    // The demo reviewer's session: the queue's "assigned to me" is theirs.
    getToken: async () => mockToken('EMVO'),
    language: () => 'en',
  });
  const queryClient = createQueryClient(handleError);
  const router = createMemoryRouter(
    [
      { path: '/emvo', element: <EmvoHomePage /> },
      ...Object.entries(QUEUE_SCREENS).map(([queue, Screen]) => ({
        path: `/emvo/${queue}`,
        element: <Screen />,
      })),
      { path: '/emvo/:queue/:checkId', element: <DetailStub /> },
    ],
    { initialEntries: [path] },
  );
  const view = renderApp(router, {
    auth,
    http: client,
    queryClient,
    environment: { ...TEST_ENVIRONMENT, apiUrl: location.origin },
  });
  /** The router's current URL, its query decoded. */
  const url = () => decodeURIComponent(`${router.state.location.pathname}${router.state.location.search}`);
  return { ...view, router, url, handleError, queryClient };
}
