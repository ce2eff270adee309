import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithI18n } from '../test/test-i18n';
import { ModalOutlet } from './modal-outlet';
import { closeModal, openModal } from './modal-store';

afterEach(() => act(() => closeModal()));

describe('the modal outlet', () => {
  it('renders nothing until a modal opens, then the host with the dialog', async () => {
    const { container } = renderWithI18n(<ModalOutlet />);
    expect(container).toBeEmptyDOMElement();
    act(() => openModal({ title: 'Delete the link?', text: 'It disappears from the footer.' }));
    expect(await screen.findByRole('dialog', { name: 'Delete the link?' })).toBeInTheDocument();
  });
});
