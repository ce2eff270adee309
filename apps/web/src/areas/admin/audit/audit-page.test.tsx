import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditHandlers } from '../../../mock/audit-handlers';
import { createMockAuditLog } from '../../../mock/audit-log';
import { createMockStorage } from '../../../mock/storage-admin-handlers';
import { renderScreen } from '../../../test/render-screen';
import { AuditPage } from './audit-page';

const server = setupServer();
let calls: string[] = [];
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  calls = [];
  server.resetHandlers(
    ...auditHandlers(
      { delayMs: 0, newId: () => 'unused' },
      { log: createMockAuditLog(), storage: createMockStorage() },
    ),
  );
  server.events.removeAllListeners();
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    calls.push(decodeURIComponent(`${url.pathname}${url.search}`));
  });
});

const user = userEvent.setup({ delay: null });
const renderPage = (path = '/admin/audit') =>
  renderScreen({
    routes: [{ path: '/admin/audit', element: <AuditPage /> }],
    path,
    roles: ['EmvoPortalAdmin'],
  });

async function rows() {
  const table = await screen.findByRole('table', { name: 'Audit trail' });
  await waitFor(() => expect(table).toHaveAttribute('aria-busy', 'false'));
  return within(table).getAllByRole('row').slice(1);
}

describe('/admin/audit (issue 13 item 4)', { timeout: 30_000 }, () => {
  it('shows the audit rows newest first, each diff as before → after per field', async () => {
    renderPage();
    const [first, , third] = await rows();
    expect(first).toHaveTextContent('ISSUE_SESSION_TOKEN');
    expect(first).toHaveTextContent('tokenValue[redacted]');
    // The client address the change came from, under who made it (issue 21).
    expect(first).toHaveTextContent('127.0.0.1');
    expect(third).toHaveTextContent('UPDATE');
    const diff = within(third as HTMLElement);
    expect(diff.getByText('active')).toBeInTheDocument();
    expect(third?.querySelector('del')).toHaveTextContent('true');
    expect(third?.querySelector('ins')).toHaveTextContent('false');
  });

  it('filters by entity and by a date range through the URL', async () => {
    const { url } = renderPage();
    await rows();
    await user.type(screen.getByLabelText('Entity'), 'gateway');
    await waitFor(() => expect(url()).toContain('entity=gateway'));
    await waitFor(async () => expect(await rows()).toHaveLength(2));
    await user.type(screen.getByLabelText('From'), '2026-02-01');
    await waitFor(() => expect(url()).toContain('at.gte=2026-02-01'));
    await waitFor(async () => expect(await rows()).toHaveLength(1));
    expect(calls.some((call) => call.startsWith('/api/audit?') && call.includes('at.gte=2026-02-01'))).toBe(
      true,
    );
  });
});
