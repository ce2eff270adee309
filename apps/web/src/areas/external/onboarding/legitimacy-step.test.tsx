import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { confirmedBeside } from '../../../test/action-feedback';
import { externalCompany, onboardingAnswer } from './test-company';
import {
  field,
  onboardingSuite,
  openOnboardingPage,
  PAGE_TESTS,
  renderOnboardingPage,
  SLOW,
} from './test-onboarding';

const { toasts, world, serve } = onboardingSuite();

const user = userEvent.setup({ delay: null });

/** Replaces a text field's value in one change (typing key by key would validate the form each time). */
async function fill(name: string, value: string) {
  const input = field(name);
  await user.clear(input);
  if (value) {
    await user.click(input);
    await user.paste(value);
  }
}

const pdf = (name: string) => new File(['%PDF-1.4 signed'], name, { type: 'application/pdf' });

describe('the legitimacy step: saving a draft', PAGE_TESTS, () => {
  it('PUTs the whole draft at the version it was loaded from, then uploads a new copy of proof', async () => {
    const sent = await serve('REGISTERED');
    // The application as the API answers it before the save.
    const draft = await onboardingAnswer(world());
    const { handleError } = await openOnboardingPage();
    await fill('company.vatNumber', 'NL853722046B01');
    await fill('authorisedRepresentative.function', 'Managing director');
    await userEvent.upload(field('authorisedRepresentative.copyOfProof'), pdf('proof.pdf'));
    await user.click(screen.getByRole('button', { name: 'Save draft' }));

    // Said beside the buttons, where the person pressed Save, and not in a toast at the top.
    await confirmedBeside('Draft saved.', screen.getByRole('button', { name: 'Save draft' }));
    expect(toasts.success).not.toHaveBeenCalled();
    expect(handleError).not.toHaveBeenCalled();
    expect(sent().map((entry) => entry.call)).toEqual([
      'PUT /api/onboarding/legitimacy',
      'POST /api/onboarding/legitimacy/copy-of-proof',
    ]);
    const { copyOfProof: _none, ...representative } = draft.authorisedRepresentative;
    expect(sent()[0]?.body).toEqual({
      version: 1,
      company: { ...draft.company, vatNumber: 'NL853722046B01' },
      spoc: draft.spoc,
      authorisedRepresentative: { ...representative, function: 'Managing director' },
      mahs: draft.mahs,
    });
    expect(sent()[0]?.body).not.toHaveProperty('spocAssistant');
    // The stored file shows as a download link with its size; the next save claims the new version.
    expect(await screen.findByRole('link', { name: 'Download proof.pdf' })).toHaveTextContent('proof.pdf');
    expect(screen.getByText('(15 B)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(sent()).toHaveLength(3));
    // The upload moves no version (as at the API): the save's is the next.
    expect(sent()[2]?.body).toMatchObject({ version: 2 });
  });

  it('on 409 VERSION_CONFLICT, reloads the application and says someone else saved it meanwhile', async () => {
    await serve('REGISTERED');
    const { handleError } = await openOnboardingPage();
    // Someone else saves the application meanwhile (at the API: its city and version move on).
    const { organisationId } = await externalCompany(world().db);
    await world()
      .db.updateTable('organisations')
      .set({ city: 'Rotterdam', version: 4 })
      .where('id', '=', organisationId)
      .execute();
    await fill('company.address.city', 'Utrecht');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Someone else saved this application meanwhile',
    );
    expect(field('company.address.city')).toHaveValue('Rotterdam');
    expect(handleError).not.toHaveBeenCalled();
  });

  it('a refusal the step does not handle goes to the error handler (403 FORBIDDEN)', async () => {
    await serve(
      'REGISTERED',
      http.put('/api/onboarding/legitimacy', () =>
        HttpResponse.json(
          { code: 'FORBIDDEN', message: 'Your access to this company is read-only' },
          { status: 403 },
        ),
      ),
    );
    const { handleError } = await openOnboardingPage();
    await fill('company.address.city', 'Utrecht');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(handleError).toHaveBeenCalledTimes(1));
    expect(handleError.mock.calls[0]?.[0]).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect(toasts.success).not.toHaveBeenCalled();
  });
});

describe('the legitimacy step and the SPOC Assistant', PAGE_TESTS, () => {
  it('has no SPOC Assistant fields: its contacts link to the people page, the one place to invite', async () => {
    await serve('REGISTERED');
    const { router } = await openOnboardingPage();
    const form = screen.getByRole('form', { name: 'Legitimacy' });
    expect(within(form).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(form.querySelector('[name^="spocAssistant"], [id^="onboarding-spocAssistant"]')).toBeNull();
    expect(within(form).queryByRole('group', { name: /SPOC Assistant/ })).not.toBeInTheDocument();
    const link = within(form).getByRole('link', {
      name: 'The SPOC Assistant is invited and removed under People of the company.',
    });
    expect(link).toHaveAttribute('href', '/external/onboarding/people');
    await user.click(link);
    expect(await screen.findByRole('region', { name: 'People of the company' }, SLOW)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/external/onboarding/people');
  });

  it('invited on the people page, the assistant stays when the draft is saved, which sends no spocAssistant', async () => {
    const sent = await serve('REGISTERED');
    const { handleError } = renderOnboardingPage('/external/onboarding/people');
    const people = await screen.findByRole('region', { name: 'People of the company' }, SLOW);
    await user.type(within(people).getByLabelText(/First name/), 'Ann');
    await user.type(within(people).getByLabelText(/Last name/), 'Smit');
    await user.type(within(people).getByLabelText(/Email address/), 'ann@jansen-pharma.example');
    await user.click(within(people).getByRole('button', { name: 'Send the invitation' }));
    expect(await within(people).findByText('ann@jansen-pharma.example', {}, SLOW)).toBeInTheDocument();

    // The invitation moved the version on; the legitimacy step saves at the newer version.
    const steps = screen.getByRole('navigation', { name: 'Onboarding steps' });
    await user.click(within(steps).getByRole('link', { name: /^\d?Legitimacy/ }));
    await waitFor(() => field('company.legalName'), SLOW);
    await fill('company.address.city', 'Utrecht');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(sent()).toHaveLength(2), SLOW);
    expect(handleError).not.toHaveBeenCalled();
    expect(sent().map((entry) => entry.call)).toEqual([
      'POST /api/onboarding/people/spoc-assistant',
      'PUT /api/onboarding/legitimacy',
    ]);
    const draft = sent()[1]?.body;
    expect(draft).toMatchObject({ version: 2, company: { address: { city: 'Utrecht' } } });
    expect(draft).not.toHaveProperty('spocAssistant');
    expect(JSON.stringify(draft)).not.toContain('ann@jansen-pharma.example');
    expect(field('company.address.city')).toHaveValue('Utrecht');
  });
});
