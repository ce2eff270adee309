import type { Tooltip } from '@portal/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { stubResizeObserver } from '../../../forms/test-form';
import { HttpError } from '../../../http/http-client';
import { ModalHost } from '../../../modal/modal-host';
import { closeModal, getShownModal } from '../../../modal/modal-store';
import { renderWithProviders } from '../../../test/render-with-providers';
import { createTestI18n } from '../../../test/test-i18n';
import { openTooltipForm } from './tooltip-form';

const user = userEvent.setup({ delay: null });
const t = createTestI18n().t;

beforeAll(stubResizeObserver);

afterEach(async () => {
  act(() => closeModal());
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
});

const TOOLTIP: Tooltip = {
  id: '7f000000-0000-4000-8000-000000000001',
  key: 'onboarding.company.vatnumber',
  screen: 'onboarding',
  text: 'The VAT number with its country prefix.',
  active: true,
  createdAt: '2026-01-05T10:00:00.000Z',
  updatedAt: '2026-01-05T10:00:00.000Z',
  createdBy: 'admin@emvo.example',
  updatedBy: 'admin@emvo.example',
  version: 2,
};

function open(save: Parameters<typeof openTooltipForm>[1], tooltip?: Tooltip, onSaved = vi.fn()) {
  renderWithProviders(<ModalHost />);
  act(() => openTooltipForm(t, save, onSaved, tooltip));
  return screen.getByRole('dialog');
}

describe('the tooltip form (its rules from the contract, in the one form dialog)', () => {
  it("shows the contract's bounds and checks its key pattern before sending", async () => {
    const save = vi.fn(async () => TOOLTIP);
    const dialog = open(save);
    const key = within(dialog).getByRole('textbox', { name: /Key/ });
    expect(key).toHaveFocus();
    expect(key).toHaveAttribute('minlength', '3');
    expect(key).toHaveAttribute('maxlength', '100');
    expect(key).toBeRequired();
    expect(within(dialog).getByRole('textbox', { name: /Text/ })).toHaveAttribute('maxlength', '500');
    await user.type(key, 'Onboarding Company');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('A key is lower-case letters, digits and dots')).toBeVisible();
    expect(save).not.toHaveBeenCalled();
  });

  it('edits a tooltip: its key stays, the values and the tooltip go to the call, then the dialog closes', async () => {
    const save = vi.fn(async () => TOOLTIP);
    const onSaved = vi.fn();
    const dialog = open(save, TOOLTIP, onSaved);
    expect(within(dialog).getByRole('textbox', { name: /Key/ })).toHaveAttribute('readonly');
    const text = within(dialog).getByRole('textbox', { name: /Text/ });
    await user.clear(text);
    await user.type(text, 'With its country prefix.');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(getShownModal()).toBeNull());
    expect(save).toHaveBeenCalledWith(
      { key: TOOLTIP.key, screen: 'onboarding', text: 'With its country prefix.', active: true },
      TOOLTIP,
    );
    // The page says it beside its buttons.
    expect(onSaved).toHaveBeenCalledWith(`Tooltip ${TOOLTIP.key} saved.`);
  });

  it('keeps the dialog and what was typed when the API refuses, with its message beside the form', async () => {
    const save = vi.fn(async () => {
      throw new HttpError(409, { code: 'VERSION_CONFLICT', message: 'changed' });
    });
    const dialog = open(save, TOOLTIP);
    const text = within(dialog).getByRole('textbox', { name: /Text/ });
    await user.type(text, ' Mind the prefix.');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Someone else changed this record. Reload it and try again.',
    );
    expect(text).toHaveValue(`${TOOLTIP.text} Mind the prefix.`);
  });
});
