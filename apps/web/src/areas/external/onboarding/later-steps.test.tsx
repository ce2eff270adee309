import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { closeModal, getShownModal } from '../../../modal/modal-store';
import { confirmedBeside } from '../../../test/action-feedback';
import { externalCompany } from './test-company';
import { onboardingSuite, PAGE_TESTS, renderOnboardingPage, SLOW } from './test-onboarding';

const { serve, world } = onboardingSuite();

const user = userEvent.setup({ delay: null });
const region = (name: string) => screen.findByRole('region', { name }, SLOW);
/** A step's link in the stepper. */
const stepLink = (name: RegExp) =>
  within(screen.getByRole('navigation', { name: 'Onboarding steps' })).getByRole('link', { name });

describe('the participation agreement and invoicing steps', PAGE_TESTS, () => {
  it('after approval, both render at their own address with the template, the tick boxes and the fee', async () => {
    await serve('APPROVED');
    renderOnboardingPage('/external/onboarding/contractual');
    const agreement = await region('Participation agreement');
    expect(
      within(agreement).getByRole('link', { name: /participation-agreement-v1\.pdf/ }),
    ).toBeInTheDocument();
    expect(within(agreement).getByRole('checkbox', { name: /accept its terms/ })).toBeEnabled();
    await user.click(stepLink(/^\d?Invoicing/));
    const invoicing = await region('Invoicing');
    expect(within(invoicing).getByText(/3 active MAHs: fee tier 3-5, €18,000\.00\./)).toBeInTheDocument();
    // The published invoicing information text (IIF) shows on the invoicing step.
    expect(
      await within(invoicing).findByRole('heading', { name: 'Invoicing information' }, SLOW),
    ).toBeInTheDocument();
    // The body renders once the lazily loaded markdown renderer arrives, after the heading.
    expect(
      await within(invoicing).findByText(
        'Fees are charged per number of active marketing authorisation holders.',
        {},
        SLOW,
      ),
    ).toBeInTheDocument();
  });

  it('submitting the agreement without its file lists what is missing and does not submit', async () => {
    const sent = await serve('APPROVED');
    renderOnboardingPage('/external/onboarding/contractual');
    const agreement = await region('Participation agreement');
    await user.click(within(agreement).getByRole('checkbox', { name: /accept its terms/ }));
    await user.click(within(agreement).getByRole('button', { name: 'Submit for review' }));
    const summary = await within(agreement).findByRole('alert', {}, SLOW);
    expect(summary).toHaveTextContent('The signed participation agreement (pdf)');
    expect(summary).toHaveTextContent('The second tick box');
    expect(sent().map((entry) => entry.call)).toEqual(['PUT /api/onboarding/contractual']);
    expect(sent()[0]?.body).toEqual({ version: 1, acceptedTerms: true, confirmedAuthority: false });
  });

  it("another step's save moves the version on: the invoicing step saves at the newer one, no conflict", async () => {
    const sent = await serve('APPROVED');
    renderOnboardingPage('/external/onboarding/contractual');
    const agreement = await region('Participation agreement');
    await user.click(within(agreement).getByRole('button', { name: 'Save draft' }));
    await waitFor(() =>
      expect(sent().map((entry) => entry.call)).toContain('PUT /api/onboarding/contractual'),
    );
    await user.click(stepLink(/^\d?Invoicing/));
    const invoicing = await region('Invoicing');
    await user.click(within(invoicing).getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(sent().map((entry) => entry.call)).toContain('PUT /api/onboarding/financial'));
    const financial = sent().find((entry) => entry.call === 'PUT /api/onboarding/financial');
    expect(financial?.body).toMatchObject({ version: 2 });
    expect(within(invoicing).queryByRole('alert')).toBeNull();
  });

  it('on 409 VERSION_CONFLICT, the invoicing step reloads and says so', async () => {
    await serve(
      'APPROVED',
      http.put('/api/onboarding/financial', () =>
        HttpResponse.json({ code: 'VERSION_CONFLICT', message: 'stale' }, { status: 409 }),
      ),
    );
    renderOnboardingPage('/external/onboarding/financial');
    const invoicing = await region('Invoicing');
    await user.click(within(invoicing).getByRole('button', { name: 'Save draft' }));
    expect(await within(invoicing).findByRole('alert', {}, SLOW)).toHaveTextContent(
      'Someone else saved this application meanwhile',
    );
  });

  it('the invoicing step saves the billing details as a draft', async () => {
    const sent = await serve('APPROVED');
    renderOnboardingPage('/external/onboarding/financial');
    const invoicing = await region('Invoicing');
    await user.type(within(invoicing).getByLabelText(/Legal entity invoiced/), 'Jansen Pharma BV');
    await user.click(within(invoicing).getByRole('button', { name: 'Save draft' }));
    // Confirmed beside the buttons, where the person is.
    await confirmedBeside('Draft saved.', screen.getByRole('button', { name: 'Save draft' }));
    const body = sent().find((entry) => entry.call === 'PUT /api/onboarding/financial')?.body;
    expect(body).toMatchObject({ version: 1, billing: { legalEntity: 'Jansen Pharma BV' } });
  });

  it("the invoicing step checks the contract's VAT rule at the field, again when the country changes", async () => {
    const sent = await serve('APPROVED');
    renderOnboardingPage('/external/onboarding/financial');
    const invoicing = await region('Invoicing');
    const vat = within(invoicing).getByRole('textbox', { name: /VAT number/ });
    await user.type(vat, 'DE123456789');
    // No country yet: no shape to check.
    expect(vat).not.toHaveAttribute('aria-invalid');
    await user.type(within(invoicing).getByRole('combobox', { name: /^Country/ }), 'Netherl');
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(vat).toHaveAccessibleDescription(
        'A VAT number of Netherlands is NL followed by 9 digits, B and 2 digits, e.g. NL123456789B01.',
      ),
    );
    await user.click(within(invoicing).getByRole('button', { name: 'Save draft' }));
    expect(sent().some((entry) => entry.call === 'PUT /api/onboarding/financial')).toBe(false);

    await user.clear(vat);
    await user.type(vat, 'NL123456789B01');
    await waitFor(() => expect(vat).not.toHaveAttribute('aria-invalid'));
  });

  it('before approval, the agreement’s address says why it is locked and links to the step to do', async () => {
    await serve('REGISTERED');
    renderOnboardingPage('/external/onboarding/contractual');
    const locked = await region('Participation agreement');
    expect(within(locked).getByRole('heading', { name: 'This step is locked' })).toBeInTheDocument();
    expect(locked).toHaveTextContent('Opens after the legitimacy check is approved.');
    expect(locked).toHaveTextContent(/Why: The contractual step cannot be changed now: .+\./);
    expect(within(locked).queryByRole('button')).not.toBeInTheDocument();
    await user.click(within(locked).getByRole('link', { name: 'Go to Legitimacy, which comes first' }));
    expect(await region('Legitimacy')).toBeInTheDocument();
  });
});

describe('the people of the company', PAGE_TESTS, () => {
  it('invites the SPOC Assistant', async () => {
    const sent = await serve('APPROVED');
    renderOnboardingPage('/external/onboarding/people');
    const people = await region('People of the company');
    await user.type(within(people).getByLabelText(/First name/), 'Sara');
    await user.type(within(people).getByLabelText(/Last name/), 'Bakker');
    await user.type(within(people).getByLabelText(/Email address/), 'sara@jansen-pharma.example');
    await user.click(within(people).getByRole('button', { name: 'Send the invitation' }));
    expect(await within(people).findByText('sara@jansen-pharma.example', {}, SLOW)).toBeInTheDocument();
    expect(
      sent().find((entry) => entry.call === 'POST /api/onboarding/people/spoc-assistant')?.body,
    ).toMatchObject({
      firstName: 'Sara',
      email: 'sara@jansen-pharma.example',
    });
  });

  it('sets the assistant’s access and removes them, each confirmed in the modal; the form invites again', async () => {
    const sent = await serve('REGISTERED');
    renderOnboardingPage('/external/onboarding/people');
    const people = await region('People of the company');
    await user.type(within(people).getByLabelText(/First name/), 'Sara');
    await user.type(within(people).getByLabelText(/Last name/), 'Bakker');
    await user.type(within(people).getByLabelText(/Email address/), 'sara@jansen-pharma.example');
    await user.click(within(people).getByRole('button', { name: 'Send the invitation' }));
    const readOnly = await within(people).findByRole('button', { name: 'Make Sara Bakker read-only' }, SLOW);
    expect(within(people).queryByRole('button', { name: 'Send the invitation' })).not.toBeInTheDocument();
    // The form is gone with its button: the confirmation, under the list, takes the focus.
    const sentTo = await confirmedBeside('Invitation sent to sara@jansen-pharma.example.');
    await waitFor(() => expect(sentTo).toHaveFocus());

    await user.click(readOnly);
    expect(getShownModal()).toMatchObject({ title: 'external.onboarding.people.accessTitle' });
    act(() => getShownModal()?.primaryButton?.action?.());
    await within(people).findByRole('button', { name: 'Give Sara Bakker full access' }, SLOW);
    expect(sent().find((entry) => entry.call.startsWith('PATCH /api/onboarding/people/'))?.body).toEqual({
      version: 2,
      access: 'READ_ONLY',
    });

    await user.click(within(people).getByRole('button', { name: 'Remove Sara Bakker' }));
    expect(getShownModal()).toMatchObject({ title: 'external.onboarding.people.removeTitle' });
    act(() => getShownModal()?.primaryButton?.action?.());
    await waitFor(
      () => expect(within(people).queryByText('sara@jansen-pharma.example')).not.toBeInTheDocument(),
      SLOW,
    );
    expect(sent().map((entry) => entry.call)).toContain('DELETE /api/onboarding/people/spoc-assistant');
    expect(within(people).getByRole('button', { name: 'Send the invitation' })).toBeInTheDocument();
    act(() => closeModal());
  });

  it('a refused invitation goes to the error handler (409 ALREADY_A_PERSON) and invites no one', async () => {
    await serve('REGISTERED');
    const { handleError } = renderOnboardingPage('/external/onboarding/people');
    const people = await region('People of the company');
    await user.type(within(people).getByLabelText(/First name/), 'Tom');
    await user.type(within(people).getByLabelText(/Last name/), 'Visser');
    await user.type(within(people).getByLabelText(/Email address/), 'external@portal.test');
    await user.click(within(people).getByRole('button', { name: 'Send the invitation' }));
    await waitFor(() => expect(handleError).toHaveBeenCalledTimes(1), SLOW);
    expect(handleError.mock.calls[0]?.[0]).toMatchObject({ status: 409, code: 'ALREADY_A_PERSON' });
    expect(within(people).getAllByRole('row')).toHaveLength(2);
  });

  it.each([
    ['revoked', { status: 'ACTIVE', access: 'REVOKED', revokedBy: 'ADMIN' }, ['Remove Wendy Withdrawn']],
    ['disabled', { status: 'DISABLED', access: 'FULL', disabledBy: 'ADMIN' }, []],
  ] as const)(
    'a person the portal %s is listed with that said, and the company cannot give access back',
    async (_, standing, buttons) => {
      await serve('REGISTERED');
      const { organisationId } = await externalCompany(world().db);
      await world()
        .db.insertInto('users')
        .values({
          email: 'wendy@jansen-pharma.example',
          displayName: 'Wendy Withdrawn',
          roles: ['EXTERNAL'],
          organisationId,
          obpRole: 'SPOC_ASSISTANT',
          ...standing,
          createdBy: 'admin',
          updatedBy: 'admin',
        })
        .execute();
      renderOnboardingPage('/external/onboarding/people');
      const people = await region('People of the company');
      const row = (await within(people).findByText('wendy@jansen-pharma.example', {}, SLOW)).closest('tr');
      if (!row) throw new Error('no row for the withdrawn person');
      expect(row).toHaveTextContent('The portal withdrew this access: only EMVO can restore it.');
      expect(
        within(row)
          .queryAllByRole('button')
          .map((button) => button.textContent),
      ).toEqual(buttons);
    },
  );

  it('a READ_ONLY user sees the people without actions', async () => {
    await serve('READ_ONLY');
    renderOnboardingPage('/external/onboarding/people');
    const people = await region('People of the company');
    expect(within(people).getByText('external@portal.test')).toBeInTheDocument();
    expect(within(people).queryByRole('button')).not.toBeInTheDocument();
  });
});
