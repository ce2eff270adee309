import { screen } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditHandlers } from '../../mock/audit-handlers';
import { createMockAuditLog } from '../../mock/audit-log';
import { createMockStorage } from '../../mock/storage-admin-handlers';
import { renderScreen } from '../../test/render-screen';
import { AdminHomePage } from './admin-home-page';

const NOW = new Date('2026-06-15T10:00:00Z');
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  server.resetHandlers(
    ...auditHandlers(
      { delayMs: 0, newId: () => 'unused' },
      { log: createMockAuditLog(() => NOW), storage: createMockStorage(), now: () => NOW },
    ),
  );
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
    expect(screen.getByRole('link', { name: /stored in 4 files/ })).toHaveAttribute('href', '/admin/storage');
    expect(screen.getByRole('link', { name: 'See the whole audit trail' })).toHaveAttribute(
      'href',
      '/admin/audit',
    );
    expect(screen.getByRole('heading', { name: 'Latest changes' })).toBeInTheDocument();
    expect(screen.getByText(/ISSUE_SESSION_TOKEN sessionToken demo-token/)).toBeInTheDocument();
  });
});
