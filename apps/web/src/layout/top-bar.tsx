import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hasRole, type SessionUser } from '../auth/session-user';
import { useEnvironment } from '../config/environment-context';
import { useKeyboardHelp } from './keyboard-help';
import styles from './layout.module.css';
import type { MenuGroup } from './menu-data';
import { MenuItemView } from './menu-item-view';
import { TopBarSearch } from './top-bar-search';

/** The search and the keys' help, for those who work across companies: reviewers and administrators. */
function StaffTools() {
  useKeyboardHelp();
  return <TopBarSearch />;
}

/**
 * spec §2 top menu bar: a logo linking to "/", then the last menu group at the right with the signed-in
 * user's name before its last item; for reviewers and administrators, the search between them.
 */
export function TopBar({
  user,
  groups,
  children,
}: {
  user: SessionUser | null;
  groups: MenuGroup[];
  /** What else the banner holds: the loader bar (fixed at the top, inside a landmark for axe's region rule). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const environment = useEnvironment();
  const last = groups.at(-1);
  const before = last?.items.slice(0, -1) ?? [];
  const final = last?.items.at(-1);
  return (
    <header className={styles.topBar}>
      {children}
      <Link to="/" className={styles.brand} aria-label={t('layout.home', { appName: environment.appName })}>
        <img src="/favicon.svg" alt="" width="28" height="28" />
        <span>{environment.appName}</span>
      </Link>
      {(hasRole(user, 'EMVO') || hasRole(user, 'ADMIN')) && <StaffTools />}
      {user && last && (
        <nav aria-label={t('menu.account')} className={styles.account}>
          <ul>
            {before.map((item) => (
              <li key={item.link ?? item.name}>
                <MenuItemView item={item} />
              </li>
            ))}
            <li className={styles.userName}>{user.name}</li>
            {final && (
              <li>
                <MenuItemView item={final} />
              </li>
            )}
          </ul>
        </nav>
      )}
    </header>
  );
}
