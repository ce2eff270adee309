import { legitimacyRequiredFields } from '@portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { field, onboardingSuite, openOnboardingPage, PAGE_TESTS, requiredMarks } from './test-onboarding';

const { serve } = onboardingSuite();

const user = userEvent.setup({ delay: null });

async function replace(name: string, value: string) {
  const input = field(name);
  await user.clear(input);
  await user.click(input);
  await user.paste(value);
}

describe('the legitimacy step’s fields', PAGE_TESTS, () => {
  it('PD: each MAH has its licences; OPM: none', async () => {
    // The demo company is an OPM.
    await serve('REGISTERED');
    await openOnboardingPage();
    const mah = screen.getByRole('group', { name: 'MAH 1' });
    expect(within(mah).queryByRole('group', { name: 'Licences' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'PD (Parallel Distributor)' }));
    await waitFor(() => expect(within(mah).getByRole('group', { name: 'Licences' })).toBeInTheDocument());
    expect(field('mahs.0.licences.0.value')).toHaveValue('');
    expect(field('mahs.0.licences.2.value')).toHaveValue('');
  });

  it('marks every field the submission requires (* and aria-required), from the domain’s rule', async () => {
    await serve('REGISTERED');
    await openOnboardingPage();
    await user.click(screen.getByRole('radio', { name: 'PD (Parallel Distributor)' }));
    const mah = screen.getByRole('group', { name: 'MAH 1' });
    const licences = await within(mah).findByRole('group', { name: 'Licences' });
    const marks = requiredMarks(legitimacyRequiredFields('PD'));
    // Company data, SPOC, authorised representative with the copy of proof, the MAH and its product.
    expect(marks.map((mark) => mark.name)).toEqual(
      expect.arrayContaining(['company.email', 'spoc.phone', 'authorisedRepresentative.copyOfProof']),
    );
    expect(marks.length).toBeGreaterThanOrEqual(20);
    expect(marks.filter((mark) => !mark.marked)).toEqual([]);
    // The licences' list: one to three, so its legend carries the mark.
    expect(licences.querySelector('legend')).toHaveTextContent(/^Licences\s*\*/);
    // What the submission does not require stays unmarked: the company's website, a MAH's email.
    expect(field('company.website')).not.toHaveAttribute('aria-required');
    expect(field('mahs.0.email')).not.toHaveAttribute('aria-required');
  });

  it('a product code with wrong check digits shows the contracts’ message; a valid GTIN-14 or PPN clears it', async () => {
    await serve('COMPLETE');
    await openOnboardingPage();
    const code = field('mahs.0.products.0.productCode');
    await replace('mahs.0.products.0.productCode', '08712345678907');
    await waitFor(() =>
      expect(code).toHaveAccessibleDescription(/Enter a GTIN-14 or a PPN with valid check digits\./),
    );
    expect(code).toHaveAttribute('aria-invalid', 'true');
    await replace('mahs.0.products.0.productCode', '110375286414');
    await waitFor(() => expect(code).not.toHaveAttribute('aria-invalid'));
  });

  it('a VAT number not of the company’s country is refused at the field', async () => {
    await serve('COMPLETE');
    await openOnboardingPage();
    await replace('company.vatNumber', 'DE123456789');
    await waitFor(() =>
      expect(field('company.vatNumber')).toHaveAccessibleDescription(
        // The country's format, from packages/domain; the demo company is Dutch.
        /^A VAT number of Netherlands is NL followed by 9 digits, B and 2 digits, e\.g\. NL123456789B01\./,
      ),
    );
  });

  it('the copy of proof refuses a .docx (pdf, jpg, jpeg, png only)', async () => {
    await serve('REGISTERED');
    await openOnboardingPage();
    await userEvent
      .setup({ applyAccept: false })
      .upload(field('authorisedRepresentative.copyOfProof'), new File(['x'], 'proof.docx'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'proof.docx: this type of file is not allowed. Allowed: pdf, jpg, jpeg, png.',
    );
    expect(field('authorisedRepresentative.copyOfProof')).toHaveAttribute('accept', '.pdf,.jpg,.jpeg,.png');
  });
});
