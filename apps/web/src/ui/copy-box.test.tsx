import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithI18n } from '../test/test-i18n';
import { toast } from '../toast/toast';
import { COPY_NOTIFICATION, CopyBox } from './copy-box';

vi.mock('../toast/toast', () => ({ toast: { info: vi.fn(), error: vi.fn() } }));

function stubClipboard(writeText: (text: string) => Promise<void>) {
  const stub = vi.fn(writeText);
  // After userEvent.setup(), which installs its own clipboard.
  Object.defineProperty(navigator, 'clipboard', { value: { writeText: stub }, configurable: true });
  return stub;
}

describe('CopyBox (spec §2 copy-to-clipboard box, §9 notifications)', () => {
  beforeEach(() => {
    vi.mocked(toast.info).mockClear();
    vi.mocked(toast.error).mockClear();
  });

  it('shows the text read-only beside a copy button', () => {
    renderWithI18n(<CopyBox label="Session token" text="abc-123" />);
    const field = screen.getByRole('textbox', { name: 'Session token' });
    expect(field).toHaveValue('abc-123');
    expect(field).toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: 'Copy' })).toBeEnabled();
  });

  it('names the field by ui.copyBox.label without a visible label', () => {
    renderWithI18n(<CopyBox text="abc-123" />);
    expect(screen.getByRole('textbox', { name: 'Text to copy' })).toHaveValue('abc-123');
  });

  it('disables the copy button when the text is empty', () => {
    renderWithI18n(<CopyBox text="" />);
    expect(screen.getByRole('button', { name: 'Copy' })).toBeDisabled();
  });

  it("copies the text and shows the info toast 'copied to clipboard' for 3000 ms", async () => {
    const user = userEvent.setup();
    const writeText = stubClipboard(async () => {});
    renderWithI18n(<CopyBox text="abc-123" />);
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('abc-123');
    await waitFor(() => expect(toast.info).toHaveBeenCalledWith('copied to clipboard', COPY_NOTIFICATION));
    expect(COPY_NOTIFICATION).toEqual({ autoClose: 3000, hideProgressBar: false });
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('shows an error toast when the clipboard refuses', async () => {
    const user = userEvent.setup();
    stubClipboard(async () => Promise.reject(new DOMException('Denied', 'NotAllowedError')));
    renderWithI18n(<CopyBox text="abc-123" />);
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Could not copy to clipboard.', COPY_NOTIFICATION),
    );
    expect(toast.info).not.toHaveBeenCalled();
  });
});
