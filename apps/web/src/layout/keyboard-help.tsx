import { useEffect } from 'react';
import { openModal } from '../modal/modal-store';
import { isShortcutPress } from '../modal/shortcut-press';

/**
 * Opens the list of keys in the shared modal. The list is a chunk of its own, fetched on the first press:
 * the first page needs only this handler.
 */
export const openKeyboardHelp = () =>
  void import('./keys-list').then(({ KeysList }) =>
    openModal({ title: 'layout.keys.title', component: <KeysList />, secondaryButton: { hide: true } }),
  );

/** `?` (not while typing) lists the keys: mounted once, with the search, for reviewers and administrators. */
export function useKeyboardHelp() {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '?' || !isShortcutPress(event)) return;
      event.preventDefault();
      openKeyboardHelp();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}
