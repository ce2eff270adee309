import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithI18n } from '../test/test-i18n';
import { ModalOutlet } from './modal-outlet';
import { closeModal, openModal } from './modal-store';

afterEach(async () => {
  act(() => closeModal());
  // The dialog library gives the focus back a tick after closing: let it, before the next test renders.
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
});

describe('the modal outlet', () => {
  it('renders nothing until a modal opens, then the host with the dialog', async () => {
    const { container } = renderWithI18n(<ModalOutlet />);
    expect(container).toBeEmptyDOMElement();
    act(() => openModal({ title: 'Delete the link?', text: 'It disappears from the footer.' }));
    expect(await screen.findByRole('dialog', { name: 'Delete the link?' })).toBeInTheDocument();
  });

  it('gives the focus back to the opener, also the first time, when the host has just loaded', async () => {
    const user = userEvent.setup();
    renderWithI18n(
      <>
        <button type="button" onClick={() => openModal({ title: 'New gateway' })}>
          New gateway
        </button>
        <ModalOutlet />
      </>,
    );
    const opener = screen.getByRole('button', { name: 'New gateway' });
    opener.focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: 'New gateway' });
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(opener).toHaveFocus());
  });
});
