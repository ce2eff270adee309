import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { Icon } from './icons';
import styles from './layout.module.css';
import { itemId, type MenuItem } from './menu-data';

/** One menu item (spec §2/§3): a link highlighted when active, or an action button; disabled when isEnabled is false. */
export function MenuItemView({ item }: { item: MenuItem }) {
  const { t } = useTranslation();
  const id = itemId(item);
  const content = (
    <>
      {item.icon && <Icon name={item.icon} />}
      <span>{t(item.name)}</span>
    </>
  );
  if (item.isEnabled === false) {
    return (
      <span id={id} className={styles.item} aria-disabled="true" title={t('menu.comingSoon')}>
        {content}
      </span>
    );
  }
  if (item.link) {
    return (
      <NavLink
        id={id}
        to={item.link}
        // spec §2: exact matching for links starting with "/".
        end={item.link.startsWith('/')}
        className={({ isActive }) => (isActive ? `${styles.item} ${styles.active}` : styles.item)}
      >
        {content}
      </NavLink>
    );
  }
  return (
    <button id={id} type="button" className={styles.item} onClick={item.action}>
      {content}
    </button>
  );
}
