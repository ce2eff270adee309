import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { useAuth, useSessionUser } from '../auth/auth-context';
import { DisclaimerGate } from '../auth/disclaimer-gate';
import { hasRole } from '../auth/session-user';
import { useServiceUnavailable } from '../http/availability';
import { Footer } from '../layout/footer';
import { LoaderBar } from '../layout/loader-bar';
import { menuGroups, visibleGroups } from '../layout/menu-data';
import { SideMenu } from '../layout/side-menu';
import { TopBar } from '../layout/top-bar';
import { ModalOutlet } from '../modal/modal-outlet';
import { preloadToastHost, ToastHostSlot } from '../toast/toast-host-slot';
import { UnavailablePage } from './unavailable-page';

/**
 * spec §2 layout: when the service is available, the modal host, the menu (only when connected), the
 * router outlet and the footer (external users and visitors only); else the unavailable page alone.
 */
export function Layout() {
  const { t } = useTranslation();
  const auth = useAuth();
  const user = useSessionUser();
  const unavailable = useServiceUnavailable();
  if (unavailable) return <UnavailablePage />;
  const groups = user ? visibleGroups(menuGroups(user, () => void auth.logout())) : [];
  return (
    <div className="page">
      <a href="#main" className="skip-link">
        {t('layout.skipToContent')}
      </a>
      <ModalOutlet />
      <TopBar user={user} groups={groups}>
        <LoaderBar />
      </TopBar>
      <div className="body">
        {user && <SideMenu groups={groups} />}
        <main id="main" className="main" tabIndex={-1}>
          <DisclaimerGate onShown={preloadToastHost}>
            <Outlet />
          </DisclaimerGate>
        </main>
      </div>
      {(!user || hasRole(user, 'EXTERNAL')) && <Footer />}
      <ToastHostSlot />
    </div>
  );
}
