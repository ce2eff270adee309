import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render-with-providers';
import { Footer } from './footer';

const routes = {
  '/links/footer-links': [
    { id: '1', label: 'EMVO', link: 'https://emvo-medicines.eu' },
    { id: '2', label: 'Help desk', link: 'emvo-medicines.eu/contact' },
  ],
};

describe('the footer (spec §1, §2)', () => {
  it('shows the environment name and the version outside production', async () => {
    renderWithProviders(<Footer />, { routes });
    expect(await screen.findByText(/test-env · version 1\.1\.3/)).toBeInTheDocument();
  });

  it('shows the app name instead in production', async () => {
    renderWithProviders(<Footer />, { routes, environment: { production: true } });
    expect(await screen.findByText(/Test Portal · version 1\.1\.3/)).toBeInTheDocument();
  });

  it('paints once its list is read, whole, or without it when it cannot be read', async () => {
    const { unmount } = renderWithProviders(<Footer />, { routes });
    // Painted before its links came, it grew by their rows: a layout shift.
    expect(screen.queryByRole('contentinfo')).toBeNull();
    expect(await screen.findByRole('list', { name: 'Useful links' })).toBeInTheDocument();
    unmount();
    renderWithProviders(<Footer />, { routes: {} });
    expect(await screen.findByRole('contentinfo')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Useful links' })).toBeNull();
  });

  it('lists the footer-links list, each opening in a new tab', async () => {
    renderWithProviders(<Footer />, { routes });
    const list = await screen.findByRole('list', { name: 'Useful links' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      'https://emvo-medicines.eu',
      'https://emvo-medicines.eu/contact',
    ]);
    for (const link of links) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });

  it('links the legal notice and the privacy text for everyone', async () => {
    renderWithProviders(<Footer />, { routes });
    const legal = await screen.findByRole('list', { name: 'Legal' });
    expect(within(legal).getByRole('link', { name: 'Legal notice' })).toHaveAttribute(
      'href',
      '/legal/notice',
    );
    expect(within(legal).getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/legal/privacy');
  });
});
