import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { confirmedBeside } from '../../../test/action-feedback';
import { controls, field, onboardingSuite, openOnboardingPage, PAGE_TESTS, SLOW } from './test-onboarding';

const { toasts, serve } = onboardingSuite();

const user = userEvent.setup({ delay: null });
const submitButton = (name = 'Submit for review') => screen.getByRole('button', { name });
const summaryLinks = (summary: HTMLElement) =>
  within(summary)
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('the legitimacy step: submitting for review', PAGE_TESTS, () => {
  it('with items missing, saves the draft, lists them at the top with links, marks them, and does not submit', async () => {
    const sent = await serve('REGISTERED');
    await openOnboardingPage();
    await user.click(submitButton());

    const summary = await screen.findByRole('alert', {}, SLOW);
    expect(summary).toHaveFocus();
    expect(within(summary).getByRole('heading')).toHaveTextContent(
      '6 things are missing before you can submit',
    );
    expect(summaryLinks(summary)).toEqual([
      'Company data: VAT number',
      'Company data: Phone',
      'Authorised representative: Phone',
      'Authorised representative: Function',
      'Authorised representative: Copy of proof',
      'MAH 1: At least one product',
    ]);
    expect(sent().map((entry) => entry.call)).toEqual(['PUT /api/onboarding/legitimacy']);
    expect(field('company.vatNumber')).toHaveAttribute('aria-invalid', 'true');
    expect(field('company.vatNumber')).toHaveAccessibleDescription(/This field is required\./);
    expect(screen.getByText('At least one product')).toBeInTheDocument();

    await user.click(within(summary).getByRole('link', { name: 'MAH 1: At least one product' }));
    expect(screen.getByRole('button', { name: 'Add a product to MAH 1' })).toHaveFocus();
  });

  it('shows the API’s 400 MISSING list the same way', async () => {
    await serve(
      'COMPLETE',
      http.post('/api/onboarding/legitimacy/submit', () =>
        HttpResponse.json(
          [{ code: 'MISSING', field: 'mahs.0.products.0.name', message: 'The name of product 1 of MAH 1' }],
          { status: 400 },
        ),
      ),
    );
    const { handleError } = await openOnboardingPage();
    await user.click(submitButton());

    const summary = await screen.findByRole('alert', {}, SLOW);
    expect(summaryLinks(summary)).toEqual(['MAH 1, product 1: Product name']);
    expect(field('mahs.0.products.0.name')).toHaveAttribute('aria-invalid', 'true');
    expect(handleError).not.toHaveBeenCalled();
  });

  it('a complete application is submitted: the step becomes read-only and says when a decision is due', async () => {
    const sent = await serve('COMPLETE');
    await openOnboardingPage();
    await user.click(submitButton());

    expect(await screen.findByRole('heading', { name: 'Submitted for review' }, SLOW)).toBeInTheDocument();
    expect(screen.getByText(/^Submitted on .+, attempt 1\. Expected decision by .+\./)).toBeInTheDocument();
    // The form is gone: the confirmation shows under the step's status.
    await confirmedBeside('Your application was submitted for review.');
    expect(toasts.success).not.toHaveBeenCalled();
    expect(sent().map((entry) => entry.call)).toEqual([
      'PUT /api/onboarding/legitimacy',
      'POST /api/onboarding/legitimacy/submit',
    ]);
    expect(sent()[1]?.body).toEqual({ version: 2 });
    expect(controls().filter((control) => !control.disabled)).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Save draft' })).not.toBeInTheDocument();
    const steps = screen.getByRole('navigation', { name: 'Onboarding steps' });
    expect(within(steps).getAllByRole('link')[0]).toHaveTextContent('LegitimacyIn review · Submitted');
  });

  it('corrections requested: the reviewer’s reason shows, the form is editable again and can be resubmitted', async () => {
    await serve('CORRECTIONS_REQUESTED');
    await openOnboardingPage();
    expect(screen.getByRole('heading', { name: 'Corrections requested' })).toBeInTheDocument();
    expect(screen.getByText(/The copy of proof is not signed\./)).toBeInTheDocument();
    expect(field('company.vatNumber')).toBeEnabled();
    // The organisation type is locked after the first submission.
    expect(
      screen.getByText('The organisation type cannot change after the first submission.'),
    ).toBeInTheDocument();
    for (const radio of screen.getAllByRole('radio')) expect(radio).toBeDisabled();

    await user.click(submitButton('Resubmit for review'));
    expect(await screen.findByRole('heading', { name: 'Submitted for review' }, SLOW)).toBeInTheDocument();
    expect(screen.getByText(/attempt 2\./)).toBeInTheDocument();
  });
});

describe('the legitimacy step: submission guards', PAGE_TESTS, () => {
  it('on 409 VERSION_CONFLICT at submission, reloads and says so', async () => {
    await serve(
      'COMPLETE',
      http.post('/api/onboarding/legitimacy/submit', () =>
        HttpResponse.json({ code: 'VERSION_CONFLICT', message: 'stale' }, { status: 409 }),
      ),
    );
    await openOnboardingPage();
    await user.click(submitButton());
    expect(await screen.findByRole('alert', {}, SLOW)).toHaveTextContent(
      'Someone else saved this application meanwhile',
    );
    await waitFor(() => expect(submitButton()).toBeEnabled());
  });
});
