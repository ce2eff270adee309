import { screen, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stubResizeObserver } from '../../../forms/test-form';
import { controls, openOnboardingPage, PAGE_TESTS, serveOnboarding } from './test-onboarding';

const server = setupServer();
beforeAll(() => {
  stubResizeObserver();
  server.listen({ onUnhandledRequest: 'error' });
});
afterAll(() => server.close());

/** Each step of the stepper as "name | status | hint", and which one is current. */
async function stepper() {
  const list = await screen.findByRole('list', { name: 'Onboarding steps' });
  const items = within(list).getAllByRole('listitem');
  return {
    steps: items.map((item) => item.textContent?.replace(/^[\d✓]/, '')),
    current: items
      .filter((item) => item.getAttribute('aria-current') === 'step')
      .map((item) => item.textContent),
  };
}

describe('/external/onboarding: the stepper', PAGE_TESTS, () => {
  it('shows every step with its status; the later steps are locked until legitimacy is approved', async () => {
    serveOnboarding(server, 'REGISTERED');
    await openOnboardingPage();
    const { steps, current } = await stepper();
    expect(steps).toEqual([
      'LegitimacyNot submitted',
      'Participation agreementLockedOpens after the legitimacy check is approved',
      'InvoicingLockedOpens after the legitimacy check is approved',
      'Technical connectionLockedOpens after the agreement and the invoicing form are approved',
    ]);
    expect(current).toEqual([expect.stringContaining('Legitimacy')]);
    expect(screen.getByText('Application C00117')).toBeInTheDocument();
  });

  it('after approval, the agreement is the current step and the legitimacy step says approved', async () => {
    serveOnboarding(server, 'APPROVED');
    await openOnboardingPage();
    const { steps, current } = await stepper();
    expect(steps.slice(0, 3)).toEqual([
      'LegitimacyApproved',
      'Participation agreementNot submitted',
      'InvoicingNot submitted',
    ]);
    expect(current).toEqual([expect.stringContaining('Participation agreement')]);
    expect(screen.getByRole('heading', { name: 'Approved' })).toBeInTheDocument();
    expect(screen.getByText(/The legitimacy check was approved on May 5, 2026\./)).toBeInTheDocument();
    const legitimacy = screen.getByRole('region', { name: 'Legitimacy' });
    expect(within(legitimacy).queryByRole('button', { name: 'Save draft' })).not.toBeInTheDocument();
  });
});

describe('/external/onboarding: the states of the legitimacy step', PAGE_TESTS, () => {
  it('submitted: read-only, with the date, the attempt and the expected decision', async () => {
    serveOnboarding(server, 'SUBMITTED');
    await openOnboardingPage();
    expect(await screen.findByRole('heading', { name: 'Submitted for review' })).toBeInTheDocument();
    expect(
      screen.getByText(/Submitted on Apr 29, 2026, attempt 1\. Expected decision by May 20, 2026\./),
    ).toBeInTheDocument();
    expect(controls().filter((control) => !control.disabled)).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Submit for review' })).not.toBeInTheDocument();
  });

  it('rejected: says so with the reviewer’s reason, and stays read-only', async () => {
    serveOnboarding(server, 'REJECTED');
    await openOnboardingPage();
    expect(await screen.findByRole('heading', { name: 'Rejected' })).toBeInTheDocument();
    expect(screen.getByText(/cannot be changed or submitted again/)).toBeInTheDocument();
    expect(
      screen.getByText('The company is not registered as a parallel distributor in the Netherlands.'),
    ).toBeInTheDocument();
    expect(controls().filter((control) => !control.disabled)).toEqual([]);
    expect(screen.queryByRole('button', { name: /Submit|Save draft|Add a MAH/ })).not.toBeInTheDocument();
  });

  it('a READ_ONLY user sees why at the top, every field disabled and no action', async () => {
    serveOnboarding(server, 'READ_ONLY');
    await openOnboardingPage();
    expect(await screen.findByText(/You have read-only access to this application/)).toBeInTheDocument();
    expect(controls().length).toBeGreaterThan(20);
    expect(controls().filter((control) => !control.disabled)).toEqual([]);
    for (const radio of screen.getAllByRole('radio')) expect(radio).toBeDisabled();
    const actions = /^(Save draft|Submit for review|Add a MAH|Add a product to MAH 1|Remove MAH 1)$/;
    expect(screen.queryByRole('button', { name: actions })).not.toBeInTheDocument();
  });
});
