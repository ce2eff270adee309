import { type RefObject, useEffect } from 'react';
import { isShortcutPress } from '../../../modal/shortcut-press';

/** The rows' links the keys move between (queue-columns.tsx CheckLink marks them). */
export const ROW_LINK = 'a[data-row-link]';

const STEPS: Readonly<Record<string, number>> = { ArrowDown: 1, j: 1, ArrowUp: -1, k: -1 };

/**
 * A day of queue work by keyboard: ↓ or j moves the focus to the next row's link, ↑ or k to the previous
 * one, Enter opens it (a link's own key). j and k work from anywhere on the page (not while typing); the
 * arrows only once the focus is in the table, so they still scroll the page otherwise.
 */
export function useRowKeys(table: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const step = STEPS[event.key];
      const box = table.current;
      if (step === undefined || !box || !isShortcutPress(event)) return;
      const inTable = box.contains(document.activeElement);
      if (event.key.startsWith('Arrow') && !inTable) return;
      const links = Array.from(box.querySelectorAll<HTMLAnchorElement>(ROW_LINK));
      if (links.length === 0) return;
      const focused = document.activeElement;
      const at = focused instanceof HTMLAnchorElement ? links.indexOf(focused) : -1;
      const next =
        at === -1 ? (step > 0 ? 0 : links.length - 1) : Math.min(links.length - 1, Math.max(0, at + step));
      event.preventDefault();
      links[next]?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [table]);
}
