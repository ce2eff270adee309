import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { confirmedBeside } from '../../../test/action-feedback';
import { onboardingSuite, PAGE_TESTS, renderOnboardingPage, SLOW } from './test-onboarding';

const { toasts, serve } = onboardingSuite();

const user = userEvent.setup({ delay: null });
/** A GTIN-14 with a valid check digit. */
const DEMO_GTIN = '08712345678906';
const register = () => screen.findByRole('region', { name: 'MAH register' }, SLOW);

describe('the MAH register once the legitimacy is approved', PAGE_TESTS, () => {
  it('a new MAH counts in the fee at once, and one left incomplete is listed, not sent', async () => {
    const sent = await serve('APPROVED');
    renderOnboardingPage();
    const section = await register();
    expect(within(section).getByText(/3 active MAHs: fee tier 3-5/)).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Add a MAH' }));
    expect(within(section).getByText(/4 active MAHs: fee tier 3-5/)).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Save the MAH register' }));

    const summary = await within(section).findByRole('alert', {}, SLOW);
    expect(summary).toHaveTextContent('New MAH 1');
    expect(summary).toHaveFocus();
    expect(sent().filter((entry) => entry.call === 'PUT /api/onboarding/mahs')).toEqual([]);
  });

  it('a complete new MAH is sent as added, beside the kept ones, and the form empties', async () => {
    const sent = await serve('APPROVED');
    renderOnboardingPage();
    const section = await register();
    await user.click(within(section).getByRole('button', { name: 'Add a MAH' }));
    const mah = within(section).getByRole('group', { name: 'MAH 1' });
    await user.type(within(mah).getByRole('textbox', { name: /^Name/ }), 'Pharma Nova B.V.');
    await user.type(within(mah).getByRole('combobox', { name: /^Country/ }), 'Netherl');
    await user.keyboard('{Enter}');
    // The demo company is an OPM: its MAHs have no licences.
    const product = within(mah).getByRole('group', { name: 'Product 1' });
    await user.type(within(product).getByRole('textbox', { name: /Product name/ }), 'Aspirin 100 mg');
    await user.type(within(product).getByRole('textbox', { name: /Product code/ }), DEMO_GTIN);
    await user.click(within(section).getByRole('button', { name: 'Save the MAH register' }));

    await confirmedBeside(
      'MAH register saved.',
      screen.getByRole('button', { name: 'Save the MAH register' }),
    );
    expect(toasts.success).not.toHaveBeenCalled();
    const put = sent().find((entry) => entry.call === 'PUT /api/onboarding/mahs');
    expect(put?.body).toMatchObject({
      mahs: [{ active: true }, { active: true }, { active: true }],
      added: [
        {
          name: 'Pharma Nova B.V.',
          country: 'NL',
          licences: [],
          products: [{ name: 'Aspirin 100 mg', productCode: DEMO_GTIN }],
        },
      ],
    });
    // Saved: the new MAH is in the register's list, and the form is empty again.
    expect(
      await within(section).findByRole('checkbox', { name: /Pharma Nova B\.V\. \(NL\) is active/ }),
    ).toBeChecked();
    expect(within(section).queryByRole('group', { name: 'MAH 1' })).toBeNull();
    // Typing a whole MAH into the page takes a while in jsdom.
  }, 40_000);
});
