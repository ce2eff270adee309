import type { CheckDetail } from '@portal/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { invalidateChange } from '../../../live/change-queries';
import { changeEvent } from '../../../live/test-event-source';
import { renderReviewerRoute, reviewsSuite } from './test-queues';

// Each test: a fresh copy of mock mode's world, its open checks' SLA dates moved so some are overdue.
const { world } = reviewsSuite();

/** Another reviewer's call, straight to the API (mock mode's world), as the page never sees it. */
async function asAnotherReviewer<T>(path: string, body?: unknown): Promise<T> {
  return (await (await world().call('EMVO', body === undefined ? 'GET' : 'POST', path, body)).json()) as T;
}

describe('/emvo/{queue} live: a row changed by someone else', { timeout: 20_000 }, () => {
  it('is refetched in place by the change event, highlighted and said politely', async () => {
    const { queryClient } = renderReviewerRoute('/emvo/legitimacy');
    const table = await screen.findByRole('table', { name: 'Legitimacy queue' });
    await waitFor(() => expect(table).toHaveAttribute('aria-busy', 'false'));
    const row = within(table)
      .getAllByRole('row')
      .find((each) => within(each).queryByRole('cell', { name: 'Submitted' }));
    if (!row) throw new Error('No submitted check in the queue');
    // The row's check link (its OBP number links to the company page).
    const link = within(row)
      .getAllByRole('link')
      .find((each) => each.getAttribute('href')?.startsWith('/emvo/legitimacy/'));
    if (!link) throw new Error('The row has no link to its check');
    const company = link.textContent ?? '';
    const checkId = link.getAttribute('href')?.split('/').at(-1) ?? '';
    const status = screen.getAllByRole('status').find((region) => region.tagName === 'P');
    expect(status).toHaveTextContent('');
    expect(row).not.toHaveAttribute('data-highlighted');

    const { check } = await asAnotherReviewer<CheckDetail>(`/api/checks/${checkId}`);
    const started = await asAnotherReviewer<CheckDetail>(`/api/checks/${checkId}/decisions`, {
      action: 'START',
      version: check.version,
    });
    await act(() =>
      invalidateChange(
        queryClient,
        changeEvent({ entityId: checkId, action: 'START', version: started.check.version }),
      ),
    );

    const updated = await waitFor(() => {
      const found = within(table).getByRole('link', { name: company }).closest('tr');
      expect(found).toHaveAttribute('data-highlighted', 'true');
      return found;
    });
    expect(updated).toHaveTextContent('In review');
    expect(updated).toHaveTextContent('reviewer@portal.test');
    expect(status).toHaveTextContent(`${company} changed: In review, assigned to reviewer@portal.test.`);
    // Only that row.
    expect(table.querySelectorAll('[data-highlighted]')).toHaveLength(1);
  });
});
