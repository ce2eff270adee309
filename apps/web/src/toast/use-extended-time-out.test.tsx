import { fireEvent, render, screen } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useExtendedTimeOut } from './use-extended-time-out';

vi.mock('react-toastify', () => ({ toast: { dismiss: vi.fn() } }));

function Host() {
  const extended = useExtendedTimeOut(1000);
  return (
    <div ref={extended}>
      <div className="Toastify__toast" id="saved">
        <p>Saved</p>
      </div>
    </div>
  );
}

describe('useExtendedTimeOut (spec §9 extended 1000 ms)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.mocked(toast.dismiss).mockClear();
  });

  it('closes a toast 1,000 ms after the pointer leaves it', () => {
    render(<Host />);
    const message = screen.getByText('Saved');
    fireEvent.mouseOver(message);
    fireEvent.mouseOut(message, { relatedTarget: document.body });
    vi.advanceTimersByTime(999);
    expect(toast.dismiss).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(toast.dismiss).toHaveBeenCalledWith('saved');
  });

  it('keeps it while the pointer moves inside it or comes back', () => {
    render(<Host />);
    const message = screen.getByText('Saved');
    const box = message.parentElement as HTMLElement;
    fireEvent.mouseOut(message, { relatedTarget: box });
    fireEvent.mouseOut(message, { relatedTarget: document.body });
    vi.advanceTimersByTime(500);
    fireEvent.mouseOver(message);
    vi.advanceTimersByTime(2000);
    expect(toast.dismiss).not.toHaveBeenCalled();
  });
});
