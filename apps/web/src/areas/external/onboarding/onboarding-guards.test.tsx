import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { closeModal, getShownModal } from '../../../modal/modal-store';
import { confirmedBeside } from '../../../test/action-feedback';
import {
  field,
  onboardingSuite,
  openOnboardingPage,
  PAGE_TESTS,
  renderOnboardingPage,
  SLOW,
} from './test-onboarding';

const { toasts, serve } = onboardingSuite();

const user = userEvent.setup({ delay: null });
const region = (name: string) => screen.findByRole('region', { name }, SLOW);
const stepLink = (name: RegExp) =>
  within(screen.getByRole('navigation', { name: 'Onboarding steps' })).getByRole('link', { name });

/** Whether leaving the page by a reload or a closed tab would ask (the guard's beforeunload). */
function unloadAsks(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('A 400 naming fields marks them', PAGE_TESTS, () => {
  it('the invoicing step marks the field the API refused, focuses it, and shows no generic toast', async () => {
    await serve(
      'APPROVED',
      http.put('/api/onboarding/financial', () =>
        HttpResponse.json(
          [
            {
              code: 'INVALID_FIELD',
              field: 'billing.legalEntity',
              message: 'This legal entity is not known.',
            },
          ],
          { status: 400 },
        ),
      ),
    );
    const { handleError } = renderOnboardingPage('/external/onboarding/financial');
    const invoicing = await region('Invoicing');
    const legalEntity = within(invoicing).getByRole('textbox', { name: /Legal entity invoiced/ });
    await user.type(legalEntity, 'Jansen Pharma BV');
    await user.click(within(invoicing).getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(legalEntity).toHaveAttribute('aria-invalid', 'true'), SLOW);
    expect(legalEntity).toHaveAccessibleDescription(/This legal entity is not known\./);
    expect(legalEntity).toHaveFocus();
    // The app's handler runs only the session's actions: no toast (http/error-handler.ts FIELD_ERRORS).
    expect(handleError).toHaveBeenCalledWith(expect.objectContaining({ status: 400 }), { inline: true });
    expect(toasts.success).not.toHaveBeenCalled();
  });

  it('an entry naming no field on screen is said in a toast', async () => {
    await serve(
      'APPROVED',
      http.put('/api/onboarding/financial', () =>
        HttpResponse.json([{ code: 'INVALID_FIELD', field: 'version', message: 'Stale version.' }], {
          status: 400,
        }),
      ),
    );
    renderOnboardingPage('/external/onboarding/financial');
    const invoicing = await region('Invoicing');
    await user.click(within(invoicing).getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith('Stale version.', expect.anything()), SLOW);
  });

  it('the invoicing form runs the contract’s VAT rule in the browser: Germany and a French number', async () => {
    const sent = await serve('APPROVED');
    renderOnboardingPage('/external/onboarding/financial');
    const invoicing = await region('Invoicing');
    await user.type(within(invoicing).getByRole('combobox', { name: /^Country/ }), 'Germany');
    await user.keyboard('{Enter}');
    const vat = within(invoicing).getByRole('textbox', { name: /VAT number/ });
    await user.type(vat, 'FR40303265045');
    await user.click(within(invoicing).getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(vat).toHaveAttribute('aria-invalid', 'true'));
    // The country's format, not "it starts with the country's prefix".
    expect(vat).toHaveAccessibleDescription(
      'A VAT number of Germany is DE followed by 9 digits, e.g. DE123456789.',
    );
    expect(sent().some((entry) => entry.call === 'PUT /api/onboarding/financial')).toBe(false);
  });
});

describe('Unsaved changes', PAGE_TESTS, () => {
  it('leaving a step with unsaved changes asks first; staying keeps the page, leaving goes', async () => {
    await serve('REGISTERED');
    const { router } = await openOnboardingPage();
    await user.type(field('company.address.city'), 'x');
    await user.click(stepLink(/^\d?Participation agreement/));
    await waitFor(() =>
      expect(getShownModal()).toMatchObject({ title: 'external.onboarding.unsaved.title' }),
    );
    expect(router.state.location.pathname).toBe('/external/onboarding/legitimacy');
    // Leaving loses the changes: staying is the answer drawn as the one to press.
    expect(getShownModal()).toMatchObject({
      primaryButton: { name: 'external.onboarding.unsaved.leave' },
      emphasise: 'secondary',
    });

    act(() => getShownModal()?.secondaryButton?.action?.());
    act(() => closeModal());
    expect(router.state.location.pathname).toBe('/external/onboarding/legitimacy');
    expect((field('company.address.city') as HTMLInputElement).value).toMatch(/x$/);

    // A menu link or the logo: any other address.
    act(() => void router.navigate('/external'));
    await waitFor(() =>
      expect(getShownModal()).toMatchObject({ title: 'external.onboarding.unsaved.title' }),
    );
    act(() => getShownModal()?.primaryButton?.action?.());
    await waitFor(() => expect(router.state.location.pathname).toBe('/external'), SLOW);
  });

  it('a reload or a closed tab asks the browser’s question while changes are unsaved', async () => {
    await serve('REGISTERED');
    await openOnboardingPage();
    expect(unloadAsks()).toBe(false);
    await user.type(field('company.address.city'), 'x');
    await waitFor(() => expect(unloadAsks()).toBe(true));
  });

  it('once saved, leaving asks nothing', async () => {
    await serve('REGISTERED');
    const { router } = await openOnboardingPage();
    await user.type(field('company.address.city'), 'x');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await confirmedBeside('Draft saved.', screen.getByRole('button', { name: 'Save draft' }));
    // The page knows the form is clean again (a render after the save's): a click before that is a
    // person faster than React, which a busy CI machine made this test.
    await waitFor(() => expect(unloadAsks()).toBe(false));
    await user.click(stepLink(/^\d?Participation agreement/));
    await waitFor(
      () => expect(router.state.location.pathname).toBe('/external/onboarding/contractual'),
      SLOW,
    );
    expect(getShownModal()).toBeNull();
  });
});

describe('A new MAH and the invoicing', PAGE_TESTS, () => {
  it('warns before the save that adding a MAH reopens invoicing, then the invoicing step says what happened', async () => {
    const sent = await serve('TECHNICAL_IQE');
    renderOnboardingPage();
    const section = await region('MAH register');
    await user.click(within(section).getByRole('button', { name: 'Add a MAH' }));
    const mah = within(section).getByRole('group', { name: 'MAH 1' });
    await user.type(within(mah).getByRole('textbox', { name: /^Name/ }), 'Pharma Nova B.V.');
    await user.type(within(mah).getByRole('combobox', { name: /^Country/ }), 'Netherl');
    await user.keyboard('{Enter}');
    const product = within(mah).getByRole('group', { name: 'Product 1' });
    await user.type(within(product).getByRole('textbox', { name: /Product name/ }), 'Aspirin 100 mg');
    await user.type(within(product).getByRole('textbox', { name: /Product code/ }), '08712345678906');
    await user.click(within(section).getByRole('button', { name: 'Save the MAH register' }));

    const warning = getShownModal();
    expect(warning).toMatchObject({ title: 'external.onboarding.mahRegister.reopensTitle' });
    expect(warning?.text).toMatch(/no longer covers your MAHs/);
    expect(sent().some((entry) => entry.call === 'PUT /api/onboarding/mahs')).toBe(false);
    act(() => getShownModal()?.primaryButton?.action?.());
    await confirmedBeside('MAH register saved.');

    await user.click(stepLink(/^\d?Invoicing/));
    const invoicing = await region('Invoicing');
    expect(
      within(invoicing).getByRole('heading', { name: 'Your invoicing needs updating' }),
    ).toBeInTheDocument();
    expect(invoicing).toHaveTextContent(
      /Adding a marketing authorisation holder (raised your fee by €|changed)/,
    );
    expect(invoicing).not.toHaveTextContent(/reviewer/i);
    expect(invoicing).not.toHaveTextContent(/EUR cents/);
  });
});

describe('Files', PAGE_TESTS, () => {
  const pdf = (name: string) => new File(['%PDF-1.4 signed'], name, { type: 'application/pdf' });

  it("a file the API refuses is said on the file's field (which takes the focus), with the rest saved", async () => {
    const sent = await serve(
      'REGISTERED',
      http.post('/api/onboarding/legitimacy/copy-of-proof', () =>
        HttpResponse.json({ code: '111', message: 'not a pdf' }, { status: 400 }),
      ),
    );
    const { handleError } = await openOnboardingPage();
    await userEvent.upload(field('authorisedRepresentative.copyOfProof'), pdf('proof.pdf'));
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    const input = field('authorisedRepresentative.copyOfProof');
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'), SLOW);
    expect(input).toHaveAccessibleDescription(
      expect.stringContaining(
        'proof.pdf was not uploaded: This file cannot be used. Check its type and content, then try again. The rest of the step was saved; choose the file again.',
      ),
    );
    // The field takes the focus once the refusal is drawn (after the save's own re-render).
    await waitFor(() => expect(input).toHaveFocus(), SLOW);
    expect(toasts.error).not.toHaveBeenCalled();
    expect(sent().map((entry) => entry.call)).toEqual([
      'PUT /api/onboarding/legitimacy',
      'POST /api/onboarding/legitimacy/copy-of-proof',
    ]);
    expect(handleError).toHaveBeenCalledWith(expect.objectContaining({ status: 400 }), { inline: true });
    expect(toasts.success).not.toHaveBeenCalled();
  });

  it('the native input hides behind a styled button that keeps its name; a small file reads in bytes', async () => {
    await serve('REGISTERED');
    await openOnboardingPage();
    const input = field('authorisedRepresentative.copyOfProof');
    expect(input).toHaveAccessibleName(/^Copy of proof/);
    expect(input).not.toHaveAccessibleName(/Choose a file/);
    const button = screen.getAllByText('Choose a file')[0] as HTMLElement;
    expect(button.tagName).toBe('LABEL');
    expect(button).toHaveAttribute('for', input.id);
    expect(button).toHaveAttribute('aria-hidden', 'true');
    await userEvent.upload(input, new File(['x'.repeat(49)], 'tiny.pdf', { type: 'application/pdf' }));
    expect(screen.getByText('(49 B)')).toBeInTheDocument();
  });
});
