import { CHECK_STATUSES, isAwaitingReview } from '@portal/domain';
import { sql } from 'kysely';
import { createMemoryRouter, useParams } from 'react-router';
import { beforeAll, vi } from 'vitest';
import { stubResizeObserver } from '../../../forms/test-form';
import { createQueryClient } from '../../../http/error-handler';
import { createHttpClient } from '../../../http/http-client';
import { emailOfMockToken, mockToken } from '../../../mock/mock-accounts';
import { ModalHost } from '../../../modal/modal-host';
import { renderApp } from '../../../test/render-app';
import { TEST_ENVIRONMENT } from '../../../test/render-with-providers';
import { testAuth, userWithEmail } from '../../../test/session-users';
import type { TestWorld } from '../../../test/test-world';
import { worldSuite } from '../../../test/world-suite';
import { EmvoHomePage } from '../emvo-home-page';
import { QUEUE_SCREENS } from './queue-page';

/**
 * The day the demo world's SLA due dates are read as of: between its open legitimacy checks' due dates, so
 * some awaiting review are overdue and some not, among the demo reviewer's too (theirs are due on 3 and 13
 * April). The API measures "overdue" with the real clock: the open checks' due dates move by the time
 * since then.
 */
const SLA_SEEN_AT = '2026-04-05T10:00:00Z';

/** The checks awaiting review (packages/domain isAwaitingReview), the ones that may be overdue. */
export const AWAITING_REVIEW = CHECK_STATUSES.filter(isAwaitingReview);

/**
 * The open checks' SLA due dates as they stood on SLA_SEEN_AT, moved to today: of the legitimacy queue's
 * eight open checks six are overdue (the four submitted, one of the reviewer's), two not (one the reviewer's).
 */
async function dueAsOnSeenDay({ db }: TestWorld) {
  await db
    .updateTable('checks')
    .set({ slaDueAt: sql`sla_due_at + (now() - ${SLA_SEEN_AT}::timestamptz)` })
    .where('status', 'in', AWAITING_REVIEW)
    .where('slaDueAt', 'is not', null)
    .execute();
}

/**
 * Test helper (the reviewers' pages), called at the top of a test file: before each test a fresh world
 * (worldSuite: mock mode's, the API's own code over the demo world, its open checks' SLA dates moved as
 * above) answers every API call. `urls()`: the calls the page made in this test, as `path?query` strings
 * (the query decoded); a test adds its own answers with `server.use`.
 */
export function reviewsSuite() {
  const suite = worldSuite(dueAsOnSeenDay);
  // The radio groups and selects (Radix) measure themselves.
  beforeAll(() => stubResizeObserver());
  return { ...suite, urls: () => suite.calls.map((call) => call.url), db: () => suite.world().db };
}

/** The demo reviewer, signed in as their token names them: the rows assigned to them are theirs. */
const auth = testAuth(userWithEmail(emailOfMockToken(mockToken('EMVO')), 'EmvoPortalInternal'));

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
        // The shared modal's host, as the layout renders it: a row's "Assign to…" opens its dialog there.
        element: (
          <>
            <Screen />
            <ModalHost />
          </>
        ),
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
