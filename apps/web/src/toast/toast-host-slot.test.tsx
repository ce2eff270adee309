// vitest: isolate (the toast host loads once per page, and toasts asked before it wait in toast.ts)
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toast } from './toast';
import { ToastHostSlot } from './toast-host-slot';

describe('ToastHostSlot (the toast host loads with the first toast)', () => {
  it('renders nothing until a toast is asked for, then shows the toasts asked while the host loaded', async () => {
    const { container } = render(<ToastHostSlot />);
    expect(container).toBeEmptyDOMElement();

    // Asked at once, before react-toastify and the host have loaded: both still show.
    toast.error('The organisation could not be saved');
    toast.success('Token revoked');

    // The first toast waits for react-toastify's chunk to load: on a busy machine, longer than a second.
    const loaded = { timeout: 5000 };
    expect(await screen.findByText('The organisation could not be saved', {}, loaded)).toBeInTheDocument();
    expect(await screen.findByText('Token revoked')).toBeInTheDocument();
    expect(screen.getAllByRole('alert')).toHaveLength(2);
  });

  it('shows a later toast in the host already there, under the title of its kind (spec §3)', async () => {
    render(<ToastHostSlot />);
    toast.info('Copied to the clipboard');
    const message = await screen.findByText('Copied to the clipboard');
    expect(message.previousElementSibling).toHaveTextContent('toasts.title.info');
    toast.success('Invitation sent', { title: 'Invited' });
    expect((await screen.findByText('Invitation sent')).previousElementSibling).toHaveTextContent('Invited');
  });
});
