import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FileInput } from './file-input';
import { renderForm } from './test-form';

/** A file of `size` bytes, without allocating them. */
function file(name: string, size = 1_500): File {
  const made = new File([], name);
  Object.defineProperty(made, 'size', { value: size });
  return made;
}

// The browser's picker filters by `accept`, but a user can switch it to "All files": test without it.
const user = () => userEvent.setup({ applyAccept: false });
const submit = () => userEvent.click(screen.getByRole('button', { name: 'Submit' }));
const selected = () =>
  within(screen.getByRole('list', { name: 'Selected files' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('FileInput (spec §5 Files)', () => {
  it('offers the extensions of its groups to the browser', () => {
    renderForm(<FileInput name="files" label="Files" accept={['image', 'pdf']} multiple />);
    const input = screen.getByLabelText('Files');
    expect(input).toHaveAttribute('accept', '.png,.jpg,.jpeg,.pdf');
    expect(input).toHaveAttribute('multiple');
  });

  it('drops rejected files with their message, lists the valid ones with name and size, and submits them', async () => {
    const { onSubmit } = renderForm(
      <FileInput name="files" label="Files" accept={['pdf', 'sheet']} maxSizeMb={2} multiple />,
      { defaultValues: { files: [] } },
    );
    await user().upload(screen.getByLabelText('Files'), [
      file('contract.PDF'),
      file('virus.exe'),
      file('huge.xlsx', 2_000_001),
      file('limit.xlsm', 2_000_000),
    ]);
    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByText('virus.exe: this type of file is not allowed. Allowed: pdf, xls, xlsx, xlsm.'),
    ).toBeInTheDocument();
    expect(within(alert).getByText('huge.xlsx is too large: at most 2 MB.')).toBeInTheDocument();
    expect(selected()).toEqual(['contract.PDF (1.5 kB)', 'limit.xlsm (2 MB)']);

    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const values = onSubmit.mock.calls[0]?.[0];
    expect(values?.files.map((one: File) => one.name)).toEqual(['contract.PDF', 'limit.xlsm']);
  });

  it('without multiple, keeps the first valid file', async () => {
    const { onSubmit } = renderForm(<FileInput name="csr" label="Request" accept={['csr']} />, {
      defaultValues: { csr: null },
    });
    // A drop can bring several files even to a single input.
    const input = screen.getByLabelText('Request');
    await user().upload(input, file('notes.txt'));
    await user().upload(input, file('request.csr'));
    expect(selected()).toEqual(['request.csr (1.5 kB)']);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]?.csr).toBeInstanceOf(File);
    expect(onSubmit.mock.calls[0]?.[0]?.csr.name).toBe('request.csr');
  });

  it('when required, asks for a file after a submission attempt; a removed file leaves it empty again', async () => {
    const { onSubmit } = renderForm(<FileInput name="proof" label="Proof" accept={['pdf']} required />, {
      defaultValues: { proof: null },
    });
    await submit();
    expect(await screen.findByText('This field is required.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Proof/)).toHaveAttribute('aria-invalid', 'true');

    await user().upload(screen.getByLabelText(/^Proof/), file('proof.pdf'));
    await waitFor(() => expect(screen.queryByText('This field is required.')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Remove proof.pdf' }));
    expect(screen.queryByRole('list', { name: 'Selected files' })).not.toBeInTheDocument();
    expect(await screen.findByText('This field is required.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
