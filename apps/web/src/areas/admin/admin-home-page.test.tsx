import { screen } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditHandlers } from '../../mock/audit-handlers';
import { writeAudit } from '../../mock/audit-trail';
import { createMockContext } from '../../mock/handlers';
import type { MockContext } from '../../mock/mock-http';
import { renderScreen } from '../../test/render-screen';
import { AdminHomePage } from './admin-home-page';

const NOW = new Date('2026-06-15T10:00:00Z');
const server = setupServer();
let context: MockContext;
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  context = createMockContext({ delayMs: 0, now: () => NOW });
  const reviewer = new Request(location.origin, { headers: { authorization: 'Bearer mock.EMVO' } });
  const diff = { status: { from: 'REQUESTED', to: 'ISSUED' } };
  writeAudit(context, reviewer, {
    action: 'ISSUE_SESSION_TOKEN',
    entity: 'sessionToken',
    entityId: 'demo-token',
    diff,
  });
  server.resetHandlers(...auditHandlers(context));
});

describe('/admin: counts that lead somewhere (issue 13 item 5)', () => {
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
    const files = context.db.storedFiles.length;
    expect(screen.getByRole('link', { name: new RegExp(`stored in ${files} files`) })).toHaveAttribute(
      'href',
      '/admin/storage',
    );
    expect(screen.getByRole('link', { name: 'See the whole audit trail' })).toHaveAttribute(
      'href',
      '/admin/audit',
    );
    expect(screen.getByRole('heading', { name: 'Latest changes' })).toBeInTheDocument();
    // issue 23 item 19: who by name, the action and the record in words.
    expect(
      screen.getByText(/Rita Reviewer: Issued a session token, Session token demo-token/),
    ).toBeInTheDocument();
  });
});
