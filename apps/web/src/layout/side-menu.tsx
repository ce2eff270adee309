import { useTranslation } from 'react-i18next';
import styles from './layout.module.css';
import type { MenuGroup } from './menu-data';
import { MenuItemView } from './menu-item-view';

/** spec §2 side menu: the visible groups, in order; the last one (logout) is in the top bar instead. */
export function SideMenu({ groups }: { groups: MenuGroup[] }) {
  const { t } = useTranslation();
  const sections = groups.slice(0, -1);
  if (sections.length === 0) return null;
  return (
    <nav aria-label={t('menu.main')} className={styles.sideMenu}>
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
