/**
 * Where the focus goes when the modal's opener is gone (a deleted row) or cannot take it (now disabled):
 * the layout's main landmark, `<main id="main" tabIndex={-1}>`, the skip link's target. Not a neighbouring
 * row or the table: after a deletion the list reloads and may change page, so any row we picked could vanish
 * too, and a table is not focusable. From the main landmark the next Tab reaches the page's first control,
 * and a screen reader announces where the reader is; the body would send them back through the menu.
 */
export const FALLBACK_FOCUS_ID = 'main';

/** Stops watching the last opener (see watchRemoval): one watch at a time. */
let stopWatching: (() => void) | null = null;

function focusFallback() {
  document.getElementById(FALLBACK_FOCUS_ID)?.focus({ preventScroll: true });
}

/** Focuses the element and says whether it took the focus (a removed or disabled control does not). */
function tryFocus(element: HTMLElement | null): element is HTMLElement {
  if (!element?.isConnected) return false;
  element.focus();
  return document.activeElement === element;
}

/**
 * The opener took the focus back, but what closed the modal may remove it a moment later: confirming a
 * deletion closes at once, and the row goes when the list reloads. The focus would then fall to the body;
 * watch the DOM until the opener goes (then move to the fallback) or the reader moves the focus elsewhere.
 */
function watchRemoval(opener: HTMLElement) {
  const observer = new MutationObserver(() => {
    const active = document.activeElement;
    if (opener.isConnected && active === opener) return;
    stop();
    if (!opener.isConnected && (active === null || active === document.body)) focusFallback();
  });
  const stop = () => {
    observer.disconnect();
    if (stopWatching === stop) stopWatching = null;
  };
  stopWatching?.();
  stopWatching = stop;
  observer.observe(document.body, { childList: true, subtree: true });
}

/** WCAG 2.4.3: a closed modal gives the focus back to the control that opened it, else to the fallback. */
export function returnFocus(opener: HTMLElement | null): void {
  if (tryFocus(opener)) watchRemoval(opener);
  else focusFallback();
}
