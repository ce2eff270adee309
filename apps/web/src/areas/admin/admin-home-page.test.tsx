import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../test/render-screen';
import type { TestWorld } from '../../test/test-world';
import { worldSuite } from '../../test/world-suite';
import { AdminHomePage } from './admin-home-page';

/** One change of a reviewer's on the trail: a session token of the demo world, issued. */
async function addReviewerChange({ db }: TestWorld) {
  const diff = JSON.stringify({ status: { from: 'REQUESTED', to: 'ISSUED' } });
  const token = await db.selectFrom('sessionTokens').select(['id']).limit(1).executeTakeFirstOrThrow();
  const entry = { action: 'ISSUE_SESSION_TOKEN', entity: 'sessionToken', entityId: token.id, diff };
  await db
    .insertInto('auditLog')
    .values({ ...entry, actor: 'reviewer@portal.test' })
    .execute();
}
// Before each test mock mode's world (the API's own code over the demo world), with that change.
const { server, world } = worldSuite(addReviewerChange);

describe('/admin: counts that lead somewhere', () => {
  it('links the pending invitations, drafts, storage used and the audit trail to their screens', async () => {
    renderScreen({
      routes: [{ path: '/admin', element: <AdminHomePage /> }],
      path: '/admin',
      roles: ['EmvoPortalAdmin'],
    });
    const invitations = await screen.findByRole('link', { name: /pending invitation/ });
    expect(invitations).toHaveAttribute('href', '/admin/users?status=INVITED');
    expect(screen.getByRole('link', { name: /disclaimer draft/ })).toHaveAttribute(
      'href',
      '/admin/disclaimer-contents',
    );
    const { files } = await world()
      .db.selectFrom('storedFiles')
      .select((eb) => eb.fn.countAll<number>().as('files'))
      .executeTakeFirstOrThrow();
    expect(screen.getByRole('link', { name: new RegExp(`stored in ${files} files`) })).toHaveAttribute(
      'href',
      '/admin/storage',
    );
    expect(screen.getByRole('link', { name: 'See the whole audit trail' })).toHaveAttribute(
      'href',
      '/admin/audit',
    );
    expect(screen.getByRole('heading', { name: 'Latest changes' })).toBeInTheDocument();
    // What happened in words, as the audit and the company page say it: the token by its environment.
    expect(
      screen.getByRole('link', { name: /^Rita Reviewer issued the session token for (ITE|IQE|PRD)$/ }),
    ).toHaveAttribute('href', expect.stringMatching(/^\/emvo\/companies\/C\d{5}$/));
  });

  it("shows the last day's p75 of each Core Web Vital, and from how many signed-in people", async () => {
    server.use(
      http.get('/api/admin/summary', () =>
        HttpResponse.json({
          pendingInvitations: 0,
          disclaimerDrafts: 0,
          storageBytes: 0,
          storageFiles: 0,
          latestAudit: [],
          vitals: [
            { name: 'LCP', p75: 1834.6, people: 120 },
            { name: 'INP', p75: 72, people: 1 },
            { name: 'CLS', p75: null, people: 0 },
          ],
        }),
      ),
    );
    renderScreen({
      routes: [{ path: '/admin', element: <AdminHomePage /> }],
      path: '/admin',
      roles: ['EmvoPortalAdmin'],
    });
    expect(
      await screen.findByRole('heading', { name: "Speed in the signed-in users' browsers, last day" }),
    ).toBeInTheDocument();
    const values = screen.getAllByRole('definition').map((node) => node.textContent);
    expect(values).toEqual([
      '1,835 ms, from 120 people',
      '72 ms, from 1 person',
      'No report in the last day.',
    ]);
  });
});
