import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '../test/test-i18n';
import type { MenuItem } from './menu-data';
import { MenuItemView } from './menu-item-view';

const renderAt = (path: string, item: MenuItem) =>
  render(
    <I18nextProvider i18n={createTestI18n()}>
      <MemoryRouter initialEntries={[path]}>
        <MenuItemView item={item} />
      </MemoryRouter>
    </I18nextProvider>,
  );

describe('a menu item (spec §2)', () => {
  it('shows its translated name', () => {
    renderAt('/', { name: 'menu.emvo.legitimacy', link: '/emvo/legitimacy' });
    expect(screen.getByRole('link', { name: 'Legitimacy' })).toBeInTheDocument();
  });

  it.each([
    ['is highlighted on its exact path', '/emvo/legitimacy', '/emvo/legitimacy', true],
    ['…also with query params', '/emvo/legitimacy?page=2', '/emvo/legitimacy', true],
    [
      'is not highlighted on a deeper path, its link starting with "/"',
      '/emvo/legitimacy/42',
      '/emvo/legitimacy',
      false,
    ],
    ['is not highlighted elsewhere', '/admin/users', '/emvo/legitimacy', false],
  ])('a link %s', (_rule, path, link, active) => {
    renderAt(path, { name: 'menu.emvo.legitimacy', link });
    const element = screen.getByRole('link');
    expect(element.getAttribute('aria-current') === 'page').toBe(active);
  });

  it('is shown disabled when isEnabled is false', () => {
    renderAt('/', { name: 'menu.admin.storage', link: '/admin/storage', isEnabled: false });
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('Storage').closest('[aria-disabled="true"]')).not.toBeNull();
  });

  it('runs its action as a button', async () => {
    const action = vi.fn();
    renderAt('/', { name: 'menu.logout', action, icon: 'logout' });
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(action).toHaveBeenCalledOnce();
  });

  it('takes its id from the name by default', () => {
    renderAt('/', { name: 'menu.logout', action: () => {} });
    expect(screen.getByRole('button').id).toBe('menu.logout');
  });
});
