import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithI18n } from '../test/test-i18n';
import { TooltipIcon } from './tooltip-icon';

beforeAll(() => {
  // jsdom has no ResizeObserver; Radix measures the tooltip with it.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

const TEXT = 'The VAT number as printed on invoices.';

describe('TooltipIcon (spec §2 tooltip icon)', () => {
  it('is a button named "More information", its text hidden at first', () => {
    renderWithI18n(<TooltipIcon text={TEXT} />);
    expect(screen.getByRole('button', { name: 'More information' })).toBeInTheDocument();
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it.each([
    ['hover', async (user: ReturnType<typeof userEvent.setup>) => user.hover(screen.getByRole('button'))],
    ['keyboard focus', async (user: ReturnType<typeof userEvent.setup>) => user.tab()],
    [
      'click (touch screens)',
      async (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button')),
    ],
  ])('shows its text on %s and describes the button with it', async (_how, act) => {
    const user = userEvent.setup();
    renderWithI18n(<TooltipIcon text={TEXT} />);
    await act(user);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(TEXT);
    expect(screen.getByRole('button', { name: 'More information' })).toHaveAccessibleDescription(TEXT);
  });

  it('hides its text again on Escape', async () => {
    const user = userEvent.setup();
    renderWithI18n(<TooltipIcon text={TEXT} />);
    await user.tab();
    expect(await screen.findByRole('tooltip')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });
});
