import { getShownModal } from './modal-store';

/** Whether a key press is someone typing: in a field, a select, an editable element. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return (
    ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) || target.getAttribute('role') === 'combobox'
  );
}

/**
 * Whether a page's own single-key shortcut (`/`, `?`, j/k) may act on this key press: not while typing,
 * not with a modifier other than Shift (the browser's and the reader's shortcuts stay theirs), not while a
 * modal is open (its keys are its own), not once something else took the key.
 */
export function isShortcutPress(event: KeyboardEvent): boolean {
  return (
    !event.defaultPrevented &&
    !event.altKey &&
    !event.ctrlKey &&
    !event.metaKey &&
    !isTyping(event.target) &&
    getShownModal() === null
  );
}
