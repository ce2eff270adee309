import { render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import { toast } from './toast';
import { ToastHostSlot } from './toast-host-slot';

// A file of its own: the first toast of a page load (nothing loaded yet) is the case.
describe('under StrictMode (development)', () => {
  it('shows the first toast asked for as the host mounts', async () => {
    render(
      <StrictMode>
        <ToastHostSlot />
      </StrictMode>,
    );
    toast.warning('You are offline');
    expect(await screen.findByText('You are offline')).toBeInTheDocument();
  });
});
