import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import styles from './layout.module.css';
import type { MenuGroup } from './menu-data';
import { MenuItemView } from './menu-item-view';

/** spec §2 side menu: the visible groups, in order; the last one (logout) is in the top bar instead. */
export function SideMenu({ groups }: { groups: MenuGroup[] }) {
  const { t } = useTranslation();
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // On a phone the menu is a strip that scrolls sideways: the current page's item is scrolled into it.
  useEffect(() => {
    const current = nav.current?.querySelector<HTMLElement>('[aria-current="page"]');
    if (pathname && current && nav.current && nav.current.scrollWidth > nav.current.clientWidth) {
      current.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
    }
  }, [pathname]);
  const sections = groups.slice(0, -1);
  if (sections.length === 0) return null;
  return (
    <nav ref={nav} aria-label={t('menu.main')} className={styles.sideMenu}>
      {sections.map((group) => (
        <ul key={group.id} className={styles.group}>
          {group.items.map((item) => (
            <li key={item.link ?? item.name}>
              <MenuItemView item={item} />
            </li>
          ))}
        </ul>
      ))}
    </nav>
  );
}
