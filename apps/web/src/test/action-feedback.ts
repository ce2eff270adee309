import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * Waits for an action's confirmation (forms/action-feedback.tsx): said in a polite live region, and, when
 * `button` is given, beside that button (in the same row of actions), not in a toast far from it.
 */
export async function confirmedBeside(text: string, button?: HTMLElement): Promise<HTMLElement> {
  let region: HTMLElement | null = null;
  await waitFor(
    () => {
      region = screen.getByText(text).closest<HTMLElement>('[role="status"]');
      expect(region).not.toBeNull();
      if (button) expect(region?.parentElement).toContainElement(button);
    },
    { timeout: 5_000 },
  );
  if (!region) throw new Error(`no confirmation "${text}"`);
  return region;
}
