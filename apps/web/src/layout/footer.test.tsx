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
  it('shows the environment name and the version outside production', () => {
    renderWithProviders(<Footer />, { routes });
    expect(screen.getByText(/test-env · version 1\.1\.3/)).toBeInTheDocument();
  });

  it('shows the app name instead in production', () => {
    renderWithProviders(<Footer />, { routes, environment: { production: true } });
    expect(screen.getByText(/Test Portal · version 1\.1\.3/)).toBeInTheDocument();
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

  it('links the legal notice and the privacy text for everyone (issue 23 item 20)', () => {
    renderWithProviders(<Footer />, { routes });
    const legal = screen.getByRole('list', { name: 'Legal' });
    expect(within(legal).getByRole('link', { name: 'Legal notice' })).toHaveAttribute(
      'href',
      '/legal/notice',
    );
    expect(within(legal).getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/legal/privacy');
  });
});
