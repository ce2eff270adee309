import type { CheckDetail, OnboardingAnswer, ReviewQueueRow } from '@portal/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { invalidateChange } from '../../../live/change-queries';
import { createLiveHub } from '../../../live/live-hub';
import { changeEvent } from '../../../live/test-event-source';
import { onboardingSuite, PAGE_TESTS, renderOnboardingPage, SLOW } from './test-onboarding';

const { world, serve } = onboardingSuite();

/** A call to the API (this test's world) as `role`, which the page never sees. */
async function as<T>(role: 'EMVO' | 'EXTERNAL', path: string, body?: unknown): Promise<T> {
  return (await (await world().call(role, body === undefined ? 'GET' : 'POST', path, body)).json()) as T;
}

/** A reviewer starts and approves the company's legitimacy check: its last version. */
async function reviewerApproves(company: string): Promise<{ id: string; version: number }> {
  const queue = await as<{ items: ReviewQueueRow[] }>(
    'EMVO',
    `/api/review-queues/legitimacy?search=${encodeURIComponent(company)}`,
  );
  const row = queue.items.find((item) => item.legalName === company);
  if (!row) throw new Error(`${company} is not in the legitimacy queue`);
  const started = await as<CheckDetail>('EMVO', `/api/checks/${row.id}/decisions`, {
    action: 'START',
    version: row.version,
  });
  const approved = await as<CheckDetail>('EMVO', `/api/checks/${row.id}/decisions`, {
    action: 'APPROVE',
    version: started.check.version,
  });
  return { id: row.id, version: approved.check.version };
}

describe('/external/onboarding live', PAGE_TESTS, () => {
  it('a reviewer’s decision shows without a reload, and is said in words', async () => {
    await serve('SUBMITTED');
    const hub = createLiveHub();
    const { queryClient } = renderOnboardingPage('/external/onboarding', { live: hub });
    const steps = await screen.findByRole('list', { name: 'Steps and their state' }, SLOW);
    expect(
      within(steps)
        .getByText(/^Legitimacy/)
        .closest('li'),
    ).toHaveTextContent('In review');

    const { organisation, company } = await as<OnboardingAnswer>('EXTERNAL', '/api/onboarding');
    const check = await reviewerApproves(company.legalName);
    const event = changeEvent({
      action: 'APPROVE',
      entityId: check.id,
      organisationId: organisation.id,
      version: check.version,
      actor: null,
      actorName: null,
    });
    await act(async () => {
      void invalidateChange(queryClient, event);
      hub.emitChange(event);
    });

    expect(screen.getByRole('status')).toHaveTextContent('Your legitimacy check is approved.');
    await waitFor(() =>
      expect(
        within(steps)
          .getByText(/^Legitimacy/)
          .closest('li'),
      ).toHaveTextContent('Done (Approved)'),
    );
  });
});
