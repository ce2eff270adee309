import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TextareaField, TextField } from '../forms/text-fields';
import { HttpError } from '../http/http-client';
import { renderWithProviders } from '../test/render-with-providers';
import { openFormDialog } from './form-dialog';
import { ModalHost } from './modal-host';
import { closeModal, getShownModal, openModal } from './modal-store';

const user = userEvent.setup({ delay: null });

interface Values {
  name: string;
  note: string;
}

function open(submit: (values: Values) => Promise<string>, done = vi.fn()) {
  renderWithProviders(<ModalHost />);
  act(() =>
    openFormDialog<Values, string>({
      title: 'Rename the gateway',
      confirm: 'Rename',
      defaultValues: { name: '', note: '' },
      fields: (
        <>
          <TextField name="name" label="Name" required />
          <TextareaField name="note" label="Note" />
        </>
      ),
      submit,
      done,
    }),
  );
  return { done, dialog: screen.getByRole('dialog', { name: 'Rename the gateway' }) };
}

afterEach(async () => {
  act(() => closeModal());
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
});

describe('openFormDialog (one form in the shared modal)', () => {
  it('starts on the first field, submits with the primary button, closes, then runs done', async () => {
    const submit = vi.fn(async (values: Values) => `renamed ${values.name}`);
    const { done, dialog } = open(submit);
    expect(within(dialog).getByRole('textbox', { name: /Name/ })).toHaveFocus();
    await user.keyboard('Falcon');
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    await waitFor(() => expect(getShownModal()).toBeNull());
    expect(submit).toHaveBeenCalledWith({ name: 'Falcon', note: '' });
    expect(done).toHaveBeenCalledWith('renamed Falcon', { name: 'Falcon', note: '' });
  });

  it('checks the fields before calling: an empty required field is marked, nothing is sent', async () => {
    const submit = vi.fn(async () => 'ok');
    const { dialog } = open(submit);
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(await within(dialog).findByText(/required/i)).toBeInTheDocument();
    expect(submit).not.toHaveBeenCalled();
  });

  it('stays open on a refusal, keeps what was typed and shows the message beside the form', async () => {
    const submit = vi.fn(async () => {
      throw new HttpError(409, { code: 'VERSION_CONFLICT', message: 'changed' });
    });
    const { done, dialog } = open(submit);
    await user.keyboard('Falcon');
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Someone else changed this record. Reload it and try again.',
    );
    expect(screen.getByRole('dialog', { name: 'Rename the gateway' })).toBe(dialog);
    expect(within(dialog).getByRole('textbox', { name: /Name/ })).toHaveValue('Falcon');
    expect(done).not.toHaveBeenCalled();
  });

  it('marks each field the API names with its message and focuses the first', async () => {
    const submit = vi.fn(async () => {
      throw new HttpError(400, [
        { code: 'INVALID_FIELD', field: 'note', message: 'A note holds no links' },
        { code: 'INVALID_FIELD', field: 'version', message: 'The version is stale' },
      ]);
    });
    const { dialog } = open(submit);
    await user.keyboard('Falcon');
    await user.type(within(dialog).getByRole('textbox', { name: /Note/ }), 'see http://x');
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    const note = within(dialog).getByRole('textbox', { name: /Note/ });
    await waitFor(() => expect(note).toHaveAccessibleDescription(/A note holds no links/));
    expect(note).toHaveFocus();
    // A field the form does not show is said above the fields.
    expect(within(dialog).getByRole('alert')).toHaveTextContent('The version is stale');
  });

  it('disables the primary button while the call runs', async () => {
    let finish: (value: string) => void = () => {};
    const submit = vi.fn(() => new Promise<string>((resolve) => (finish = resolve)));
    const { dialog } = open(submit);
    await user.keyboard('Falcon');
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Rename' })).toBeDisabled());
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(submit).toHaveBeenCalledTimes(1);
    await act(async () => finish('ok'));
    await waitFor(() => expect(getShownModal()).toBeNull());
  });

  it('a late answer never closes another modal opened meanwhile', async () => {
    let finish: (value: string) => void = () => {};
    const { dialog } = open(() => new Promise<string>((resolve) => (finish = resolve)));
    await user.keyboard('Falcon');
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    act(() => openModal({ title: 'Something else' }));
    await act(async () => finish('ok'));
    expect(screen.getByRole('dialog', { name: 'Something else' })).toBeInTheDocument();
  });
});
