import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithI18n } from '../test/test-i18n';
import { Select } from '../ui/select';
import { ModalHost } from './modal-host';
import { closeModal, getShownModal, type ModalParams, openModal, updateModal } from './modal-store';
import { FALLBACK_FOCUS_ID } from './return-focus';

function show<TData>(params: ModalParams<TData>) {
  const user = userEvent.setup();
  renderWithI18n(<ModalHost />);
  act(() => openModal(params));
  return user;
}

function Greeting({ data }: { data: { name: string } | undefined }) {
  return <p>Hello {data?.name}</p>;
}

const dialog = () => screen.getByRole('dialog');
const queryDialog = () => screen.queryByRole('dialog');

afterEach(async () => {
  act(() => closeModal());
  // The dialog library gives the focus back a tick after closing: let it, before the next test renders.
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
});

describe('ModalHost: content (spec §2 shared modal dialog, §3 modal params)', () => {
  it('shows nothing until a modal is opened', () => {
    renderWithI18n(<ModalHost />);
    expect(queryDialog()).not.toBeInTheDocument();
  });

  it('shows the title with a close cross, names the dialog by its title and describes it by its text', () => {
    show({ title: 'Delete the gateway', text: 'This cannot be undone.' });
    expect(dialog()).toHaveAccessibleName('Delete the gateway');
    expect(dialog()).toHaveAccessibleDescription('This cannot be undone.');
    expect(screen.getByRole('heading', { name: 'Delete the gateway' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });

  it('translates title, text and button names given as keys', () => {
    show({ title: 'actions.close', text: 'actions.retry', primaryButton: { name: 'actions.retry' } });
    expect(dialog()).toHaveAccessibleName('Close');
    expect(dialog()).toHaveAccessibleDescription('Try again');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('hides the close cross on request', () => {
    show({ title: 'Notice', hideCloseCross: true });
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
  });

  it.each([
    ['the start of its text', { text: 'Your changes are saved.' }, 'Your changes are saved.'],
    ['a generic name when it has neither title nor text', {}, 'Dialog'],
  ])('without a title, names the dialog by %s', (_case, params: ModalParams, name) => {
    show(params);
    expect(dialog()).toHaveAccessibleName(name);
  });

  it('embeds a React node', () => {
    show({ title: 'Embedded', component: <p>A node inside</p> });
    expect(screen.getByText('A node inside')).toBeInTheDocument();
  });

  it('embeds a component, giving it the data', () => {
    show({ title: 'Embedded', data: { name: 'Ada' }, component: Greeting });
    expect(screen.getByText('Hello Ada')).toBeInTheDocument();
  });

  it.each([
    ['normal', undefined, 'normal'],
    ['large', true, 'large'],
  ])('is %s width (spec §9: 600px, large 900px)', (_case, isLarge, size) => {
    show({ title: 'Sized', isLarge });
    expect(dialog()).toHaveAttribute('data-size', size);
  });
});

describe('ModalHost: buttons (spec §2: each can be disabled, kept open or hidden)', () => {
  it('labels the buttons actions.ok and actions.cancel by default', () => {
    show({ title: 'Defaults' });
    expect(screen.getByRole('button', { name: 'OK' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });

  it.each([
    ['primary', 'runs its action and closes', {}, 'OK', false],
    ['primary', 'runs its action and stays open when kept open', { keepOpen: true }, 'OK', true],
    ['secondary', 'runs its action and closes', {}, 'Cancel', false],
    ['secondary', 'runs its action and stays open when kept open', { keepOpen: true }, 'Cancel', true],
  ] as const)('the %s button %s', async (which, _rule, options, label, staysOpen) => {
    const action = vi.fn();
    const button = { ...options, action };
    const user = show(
      which === 'primary'
        ? { title: 'Buttons', primaryButton: button }
        : { title: 'Buttons', secondaryButton: button },
    );
    await user.click(screen.getByRole('button', { name: label }));
    expect(action).toHaveBeenCalledTimes(1);
    expect(queryDialog() !== null).toBe(staysOpen);
  });

  it.each([
    ['primary', { primaryButton: { disabled: true } }, 'OK'],
    ['secondary', { secondaryButton: { disabled: true } }, 'Cancel'],
  ])('disables the %s button', (_which, params: ModalParams, label) => {
    show({ title: 'Disabled', ...params });
    expect(screen.getByRole('button', { name: label })).toBeDisabled();
  });

  it.each([
    ['the primary button', { primaryButton: { hide: true } }, ['Cancel']],
    ['the secondary button', { secondaryButton: { hide: true } }, ['OK']],
    ['all buttons', { hideButtons: true }, []],
  ])('hides %s', (_which, params: ModalParams, remaining) => {
    show({ title: 'Hidden', hideCloseCross: true, ...params });
    expect(screen.queryAllByRole('button').map((button) => button.textContent)).toEqual(remaining);
  });

  it('keeps a modal that the action opened', async () => {
    const user = show({
      title: 'First',
      primaryButton: { action: () => openModal({ title: 'Second' }) },
    });
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(dialog()).toHaveAccessibleName('Second');
  });

  it('lets embedded content update the buttons (updateModal)', () => {
    show({ title: 'Form', primaryButton: { disabled: true } });
    act(() => updateModal({ primaryButton: { disabled: false } }));
    expect(screen.getByRole('button', { name: 'OK' })).toBeEnabled();
  });
});

describe('ModalHost: dismissing (spec §2: overlay and cross run the secondary action then close)', () => {
  it.each([
    ['the close cross', () => screen.getByRole('button', { name: 'Close' })],
    ['the overlay', () => screen.getByTestId('modal-overlay')],
  ])('clicking %s runs the secondary action then closes', async (_what, target) => {
    const secondary = vi.fn(() => expect(getShownModal()).not.toBeNull());
    const user = show({ title: 'Dismiss', secondaryButton: { action: secondary, keepOpen: true } });
    await user.click(target());
    expect(secondary).toHaveBeenCalledTimes(1);
    expect(queryDialog()).not.toBeInTheDocument();
  });

  it('Escape cancels: runs the secondary action then closes', async () => {
    const primary = vi.fn();
    const secondary = vi.fn();
    const user = show({
      title: 'Escape',
      primaryButton: { action: primary },
      secondaryButton: { action: secondary },
    });
    await user.keyboard('{Escape}');
    expect(secondary).toHaveBeenCalledTimes(1);
    expect(primary).not.toHaveBeenCalled();
    expect(queryDialog()).not.toBeInTheDocument();
  });

  it('Escape in an open select closes its menu, not the modal; Enter there picks an option', async () => {
    const primary = vi.fn();
    const secondary = vi.fn();
    const onChange = vi.fn();
    const user = show({
      title: 'Form',
      component: (
        <Select label="Country" items={[{ id: 1, name: 'Belgium' }]} value={null} onChange={onChange} />
      ),
      primaryButton: { action: primary },
      secondaryButton: { action: secondary },
    });
    const select = screen.getByRole('combobox', { name: 'Country' });
    await user.click(select);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(dialog()).toBeInTheDocument();
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenCalledWith(1);
    expect(primary).not.toHaveBeenCalled();
    expect(secondary).not.toHaveBeenCalled();
    expect(dialog()).toBeInTheDocument();
  });
});

describe('ModalHost: keyboard and focus (spec §2)', () => {
  it.each<[string, ModalParams, string | null]>([
    ['a question (Start review, Approve)', { title: 'Approve?' }, 'Cancel'],
    [
      'a question with named answers (Leave without saving)',
      { title: 'Leave?', primaryButton: { name: 'Leave' }, secondaryButton: { name: 'Stay' } },
      'Stay',
    ],
    [
      'content without a field (a token to copy)',
      { title: 'Token', component: <a href="#copy">Copy</a> },
      'Cancel',
    ],
    ['a notice with one answer', { title: 'Read', secondaryButton: { hide: true } }, 'OK'],
    [
      'a question whose safe answer is disabled',
      { title: 'Wait', secondaryButton: { disabled: true } },
      'OK',
    ],
    ['a dialog without buttons', { title: 'Busy', hideButtons: true }, null],
  ])('a dialog without a field, %s, starts on its least destructive action', (_case, params, button) => {
    show(params);
    expect(button ? screen.getByRole('button', { name: button }) : dialog()).toHaveFocus();
  });

  it('from the least destructive answer, Enter keeps things as they are and one Tab reaches the confirming one', async () => {
    const primary = vi.fn();
    const secondary = vi.fn();
    const user = show({
      title: 'Approve?',
      primaryButton: { action: primary },
      secondaryButton: { action: secondary },
    });
    await user.keyboard('{Tab}');
    expect(screen.getByRole('button', { name: 'OK' })).toHaveFocus();
    await user.keyboard('{Shift>}{Tab}{/Shift}{Enter}');
    expect(secondary).toHaveBeenCalledTimes(1);
    expect(primary).not.toHaveBeenCalled();
    expect(queryDialog()).not.toBeInTheDocument();
  });

  it('emphasise secondary: the safe answer is drawn as the one to press, the buttons keep their roles', async () => {
    const leave = vi.fn();
    const stay = vi.fn();
    const user = show({
      title: 'Leave?',
      primaryButton: { name: 'Leave', action: leave },
      secondaryButton: { name: 'Stay', action: stay },
      emphasise: 'secondary',
    });
    expect(screen.getByRole('button', { name: 'Stay' }).className).toMatch(/primary/);
    expect(screen.getByRole('button', { name: 'Leave' }).className).not.toMatch(/primary/);
    await user.keyboard('{Escape}');
    expect(stay).toHaveBeenCalledTimes(1);
    expect(leave).not.toHaveBeenCalled();
  });

  it.each([
    ['on the dialog itself', 'confirms', {}, undefined],
    ['in a text input', 'confirms', {}, 'Name'],
    ['in a textarea', 'does nothing', {}, 'Comment'],
    ['when the primary button is disabled', 'does nothing', { disabled: true }, undefined],
    ['when the primary button is hidden', 'does nothing', { hide: true }, undefined],
  ])('Enter %s %s', async (_where, outcome, primaryOptions, focusLabel) => {
    const confirms = outcome === 'confirms';
    const primary = vi.fn();
    const user = show({
      title: 'Enter',
      component: (
        <>
          <input aria-label="Name" />
          <textarea aria-label="Comment" />
        </>
      ),
      primaryButton: { ...primaryOptions, action: primary },
    });
    if (focusLabel) await user.click(screen.getByLabelText(focusLabel));
    else dialog().focus();
    await user.keyboard('{Enter}');
    expect(primary).toHaveBeenCalledTimes(confirms ? 1 : 0);
    expect(queryDialog() === null).toBe(confirms);
  });

  it('Enter on the focused secondary button presses that button, not the primary', async () => {
    const primary = vi.fn();
    const secondary = vi.fn();
    const user = show({
      title: 'Enter',
      primaryButton: { action: primary },
      secondaryButton: { action: secondary },
    });
    screen.getByRole('button', { name: 'Cancel' }).focus();
    await user.keyboard('{Enter}');
    expect(secondary).toHaveBeenCalledTimes(1);
    expect(primary).not.toHaveBeenCalled();
  });

  it('gives the title a bottom border once the body is scrolled', () => {
    show({ title: 'Long', text: 'Many lines' });
    const header = screen.getByRole('heading', { name: 'Long' }).parentElement;
    const body = screen.getByTestId('modal-body');
    expect(header).toHaveAttribute('data-scrolled', 'false');
    fireEvent.scroll(body, { target: { scrollTop: 40 } });
    expect(header).toHaveAttribute('data-scrolled', 'true');
    fireEvent.scroll(body, { target: { scrollTop: 0 } });
    expect(header).toHaveAttribute('data-scrolled', 'false');
  });
});

/** A page as the layout renders it: the main landmark (the focus fallback) holding one row per name. */
function Page({ names, params }: { names: string[]; params: (name: string) => ModalParams }) {
  const [rows, setRows] = useState(names);
  return (
    <main id={FALLBACK_FOCUS_ID} tabIndex={-1}>
      {rows.map((name) => (
        <p key={name}>
          <button type="button" onClick={() => openModal(params(name))}>
            Open {name}
          </button>
          <button type="button" onClick={() => setRows((all) => all.filter((row) => row !== name))}>
            Remove {name}
          </button>
        </p>
      ))}
      <ModalHost />
    </main>
  );
}

/** Opens the row's modal with the keyboard alone, as the issue tried it. */
async function openByKeyboard(names: string[], params: (name: string) => ModalParams) {
  const user = userEvent.setup();
  renderWithI18n(<Page names={names} params={params} />);
  const opener = screen.getByRole('button', { name: `Open ${names[0]}` });
  opener.focus();
  await user.keyboard('{Enter}');
  expect(dialog()).toContainElement(document.activeElement as HTMLElement);
  return { user, opener };
}

function EmbeddedForm() {
  return (
    <button type="button" onClick={closeModal}>
      Save
    </button>
  );
}

describe('ModalHost: the focus goes back to the control that opened it (WCAG 2.4.3)', () => {
  it.each<[string, ModalParams, (user: UserEvent) => Promise<void>]>([
    ['Escape', { title: 'Edit' }, (user) => user.keyboard('{Escape}')],
    [
      'the close cross',
      { title: 'Edit' },
      (user) => user.click(screen.getByRole('button', { name: 'Close' })),
    ],
    [
      'the cancel button',
      { title: 'Edit' },
      (user) => user.click(screen.getByRole('button', { name: 'Cancel' })),
    ],
    [
      'the primary button',
      { title: 'Edit' },
      (user) => user.click(screen.getByRole('button', { name: 'OK' })),
    ],
    ['Tab and Enter (confirm)', { title: 'Edit' }, (user) => user.keyboard('{Tab}{Enter}')],
    [
      'a successful submit of an embedded form (closeModal)',
      { title: 'Edit', component: <EmbeddedForm />, hideButtons: true },
      (user) => user.click(screen.getByRole('button', { name: 'Save' })),
    ],
    [
      'closing the modal an action opened in its place',
      { title: 'First', primaryButton: { action: () => openModal({ title: 'Second' }) } },
      async (user) => {
        await user.keyboard('{Tab}{Enter}');
        expect(dialog()).toHaveAccessibleName('Second');
        await user.keyboard('{Escape}');
      },
    ],
  ])('closed by %s', async (_how, params, close) => {
    const { user, opener } = await openByKeyboard(['Alpha'], () => params);
    await close(user);
    expect(queryDialog()).not.toBeInTheDocument();
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('an opener removed while the modal is open (a confirmed deletion): the main landmark', async () => {
    const { user } = await openByKeyboard(['Alpha', 'Beta'], (name) => ({
      title: `Delete ${name}?`,
      primaryButton: {
        // The page is hidden from assistive technology while the modal is open.
        action: () => screen.getByRole('button', { name: `Remove ${name}`, hidden: true }).click(),
      },
    }));
    await user.keyboard('{Tab}{Enter}');
    expect(screen.queryByRole('button', { name: 'Open Alpha' })).not.toBeInTheDocument();
    await waitFor(() => expect(document.getElementById(FALLBACK_FOCUS_ID)).toHaveFocus());
  });

  it('an opener removed just after the focus came back (the list reloads): the main landmark', async () => {
    const { user, opener } = await openByKeyboard(['Alpha', 'Beta'], () => ({ title: 'Delete?' }));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(opener).toHaveFocus());
    act(() => screen.getByRole('button', { name: 'Remove Alpha' }).click());
    await waitFor(() => expect(document.getElementById(FALLBACK_FOCUS_ID)).toHaveFocus());
  });

  it('once the reader has moved on, a later removal of the opener does not move the focus', async () => {
    const { user, opener } = await openByKeyboard(['Alpha', 'Beta'], () => ({ title: 'Delete?' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(opener).toHaveFocus());
    const beta = screen.getByRole('button', { name: 'Open Beta' });
    beta.focus();
    act(() => screen.getByRole('button', { name: 'Remove Alpha' }).click());
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(beta).toHaveFocus();
  });

  it('an opener disabled meanwhile: the main landmark', async () => {
    const { user, opener } = await openByKeyboard(['Alpha'], () => ({
      title: 'Deactivate?',
      primaryButton: { action: () => opener.setAttribute('disabled', '') },
    }));
    await user.keyboard('{Tab}{Enter}');
    await waitFor(() => expect(document.getElementById(FALLBACK_FOCUS_ID)).toHaveFocus());
  });
});

describe('modal store (spec §4: hidden or shown; closing clears its embedded component)', () => {
  it('clears the embedded content on closing', () => {
    show({ title: 'With content', component: <p>Embedded</p> });
    expect(getShownModal()?.content).not.toBeNull();
    act(() => closeModal());
    expect(getShownModal()).toBeNull();
    act(() => openModal({ title: 'Without content' }));
    expect(screen.queryByText('Embedded')).not.toBeInTheDocument();
    expect(getShownModal()?.content).toBeNull();
  });
});
