import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** What a screen focuses on its own when it opens (a field, a heading it made focusable): kept. */
const SCREEN_OWN_FOCUS = 'input, textarea, select, [role="combobox"], [tabindex="-1"]';

/**
 * Moving to another screen puts the focus on its heading (the first h1 in the main landmark), so a
 * keyboard or screen-reader user starts there instead of on the body or on the menu link left behind; the
 * next Tab reaches the screen's first control. Not on the first screen (the focus starts at the top of the
 * page, where the skip link is), not on a redirect (a replaced address, which no one chose), not on a
 * change of the same screen's query (sorting, paging), and not when the screen put the focus on something
 * of its own. A screen that draws its heading once its data came gets the focus then.
 */
export function useHeadingFocus(mainId: string): void {
  const { pathname } = useLocation();
  const navigation = useNavigationType();
  const previous = useRef<string | null>(null);

  useEffect(() => {
    const before = previous.current;
    previous.current = pathname;
    if (before === null || before === pathname || navigation === 'REPLACE') return;
    const main = document.getElementById(mainId);
    if (!main) return;
    const focusHeading = (): boolean => {
      const heading = main.querySelector<HTMLHeadingElement>('h1');
      if (!heading) return false;
      const active = document.activeElement;
      if (active instanceof HTMLElement && main.contains(active) && active.matches(SCREEN_OWN_FOCUS)) {
        return true;
      }
      if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
      heading.focus();
      return true;
    };
    if (focusHeading()) return;
    const observer = new MutationObserver(() => {
      if (focusHeading()) observer.disconnect();
    });
    observer.observe(main, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [pathname, navigation, mainId]);
}
