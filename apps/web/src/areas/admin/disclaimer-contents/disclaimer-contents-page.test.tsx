import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ModalHost } from '../../../modal/modal-host';
import { confirmedBeside } from '../../../test/action-feedback';
import { renderScreen } from '../../../test/render-screen';
import { worldSuite } from '../../../test/world-suite';
import { toast } from '../../../toast/toast';
import { DisclaimerContentsPage } from './disclaimer-contents-page';

vi.mock('../../../toast/toast', () => ({ toast: { success: vi.fn() } }));

// Before each test mock mode's world: the API's own code over the demo world.
const { calls } = worldSuite();
beforeEach(() => vi.mocked(toast.success).mockClear());

const user = userEvent.setup({ delay: null });
const renderPage = () =>
  renderScreen({
    routes: [
      {
        path: '/admin/disclaimer-contents',
        element: (
          <>
            <DisclaimerContentsPage />
            <ModalHost />
          </>
        ),
      },
    ],
    path: '/admin/disclaimer-contents',
    roles: ['EmvoPortalAdmin'],
  });

/** The versions table of the chosen type, each row as its cells' text. */
async function versions(type = 'Sign-in') {
  const table = await screen.findByRole('table', { name: `Versions of the ${type} text` });
  await waitFor(() => expect(table).toHaveAttribute('aria-busy', 'false'));
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .slice(0, 3)
        .map((cell) => cell.textContent),
    );
}

describe('/admin/disclaimer-contents: the texts by type, beside the footer links', () => {
  it('lists the versions of a type newest first, and keeps the footer links', async () => {
    renderPage();
    expect(await versions()).toEqual([['1', 'Before you sign in', 'Published']]);
    await user.click(screen.getByRole('button', { name: 'Registration' }));
    expect(await versions('Registration')).toEqual([
      ['2', 'Registration', 'Published'],
      ['1', 'Registration', 'Archived'],
    ]);
    expect(screen.getByRole('heading', { level: 2, name: 'Footer links' })).toBeInTheDocument();
  });

  it('shows which text is chosen: pressed, ticked, and the tick moves with the choice', async () => {
    renderPage();
    await versions();
    const picker = screen.getByRole('group', { name: 'Text' });
    const ticked = () =>
      within(picker)
        .getAllByRole('button')
        .filter((button) => button.querySelector('[data-chosen-mark]'))
        .map((button) => [button.textContent, button.getAttribute('aria-pressed')]);
    expect(ticked()).toEqual([['✓Sign-in', 'true']]);
    await user.click(within(picker).getByRole('button', { name: 'Registration' }));
    await versions('Registration');
    expect(ticked()).toEqual([['✓Registration', 'true']]);
    expect(within(picker).getByRole('button', { name: 'Sign-in' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('publishes a draft after the confirmation: the published version is archived', async () => {
    renderPage();
    await versions();
    await user.click(screen.getByRole('button', { name: 'Privacy' }));
    await versions('Privacy');
    await user.click(screen.getByRole('button', { name: 'Publish Privacy, version 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish Privacy, version 2?' });
    expect(dialog).toHaveTextContent('Every user is asked to accept it at their next sign-in.');
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    await waitFor(async () =>
      expect(await versions('Privacy')).toEqual([
        ['2', 'Privacy', 'Published'],
        ['1', 'Privacy', 'Archived'],
      ]),
    );
    expect(calls).toContainEqual(
      expect.objectContaining({
        method: 'POST',
        url: expect.stringMatching(/^\/api\/disclaimer-contents\/.+\/publish$/),
        body: { version: 1 },
      }),
    );
    // Said beside the section's buttons, not in a toast; the Publish button went with the draft, so the
    // words take the focus.
    const published = await confirmedBeside(
      'Privacy published.',
      screen.getByRole('button', { name: 'New Privacy draft' }),
    );
    await waitFor(() => expect(published).toHaveFocus());
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('edits a draft beside its preview, rendered safely', async () => {
    renderPage();
    await versions();
    await user.click(screen.getByRole('button', { name: 'Privacy' }));
    await versions('Privacy');
    await user.click(screen.getByRole('button', { name: 'Edit Privacy, version 2' }));
    const dialog = await screen.findByRole('dialog');
    const body = within(dialog).getByRole('textbox', { name: /Text \(markdown\)/ });
    await user.clear(body);
    // Pasted: user.type reads [ as a key name.
    await user.click(body);
    await user.paste('Keep it **safe**. <b>raw</b> [rules](https://example.com)');
    const preview = within(dialog).getByRole('region', { name: 'Preview' });
    expect(within(preview).getByText('safe').tagName).toBe('STRONG');
    expect(preview.querySelector('b')).toBeNull();
    expect(within(preview).getByRole('link', { name: 'rules' })).toHaveAttribute('target', '_blank');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await confirmedBeside('Draft Privacy saved.');
    expect(calls).toContainEqual(
      expect.objectContaining({
        method: 'PUT',
        body: expect.objectContaining({
          body: 'Keep it **safe**. <b>raw</b> [rules](https://example.com)',
          version: 1,
        }),
      }),
    );
  });
});
