import type { Gateway } from '@portal/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { stubResizeObserver } from '../../../forms/test-form';
import { HttpError } from '../../../http/http-client';
import { ModalHost } from '../../../modal/modal-host';
import { closeModal } from '../../../modal/modal-store';
import { renderWithProviders } from '../../../test/render-with-providers';
import { createTestI18n } from '../../../test/test-i18n';
import { openGatewayForm } from './gateway-form';

const user = userEvent.setup({ delay: null });
const t = createTestI18n().t;

beforeAll(stubResizeObserver);

afterEach(async () => {
  act(() => closeModal());
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
});

function open(save: (input: unknown) => Promise<Gateway>) {
  renderWithProviders(<ModalHost />);
  act(() => openGatewayForm(t, save, vi.fn()));
  return screen.getByRole('dialog', { name: 'New gateway' });
}

describe('the gateway form (its rules from the contract, in the one form dialog)', () => {
  it("shows the contract's bounds and asks for what the contract requires", async () => {
    const save = vi.fn();
    const dialog = open(save);
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    expect(name).toHaveFocus();
    expect(name).toHaveAttribute('maxlength', '100');
    expect(name).toBeRequired();
    expect(within(dialog).getByRole('textbox', { name: /Notes/ })).toHaveAttribute('maxlength', '1000');
    expect(within(dialog).getByRole('textbox', { name: /Website/ })).not.toBeRequired();
    await user.type(name, 'A');
    expect(await within(dialog).findByText('Name: at least 2 characters.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Contact email/ }), 'not-an-email');
    expect(await within(dialog).findByText(/Enter a valid email address/)).toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();
  });

  it("checks the contract's certification rule before sending: a certified gateway needs its date", async () => {
    const save = vi.fn();
    const dialog = open(save);
    await user.keyboard('Falcon Gateway');
    await user.click(within(dialog).getByRole('checkbox', { name: /Certified/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('A certified gateway needs its certification date'),
    ).toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();
  });

  it('keeps the dialog and what was typed when the API refuses, with its message beside the form', async () => {
    const save = vi.fn(async () => {
      throw new HttpError(409, {
        code: 'GATEWAY_NAME_TAKEN',
        message: "A gateway named 'Falcon' exists already",
      });
    });
    const dialog = open(save);
    await user.keyboard('Falcon');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(await within(dialog).findByRole('alert')).not.toBeEmptyDOMElement();
    expect(within(dialog).getByRole('textbox', { name: /Name/ })).toHaveValue('Falcon');
  });
});
