import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { useAuth, useSessionUser } from '../auth/auth-context';
import { DisclaimerGate } from '../auth/disclaimer-gate';
import { useServiceUnavailable } from '../http/availability';
import { Footer, showsFooter } from '../layout/footer';
import { LoaderBar } from '../layout/loader-bar';
import { menuGroups, visibleGroups } from '../layout/menu-data';
import { SideMenu } from '../layout/side-menu';
import { TopBar } from '../layout/top-bar';
import { useHeadingFocus } from '../layout/use-heading-focus';
import { ModalOutlet } from '../modal/modal-outlet';
import { preloadToastHost, ToastHostSlot } from '../toast/toast-host-slot';
import { UnavailablePage } from './unavailable-page';

/** The main landmark: the skip link's target, where a new screen's heading takes the focus. */
const MAIN_ID = 'main';

/**
 * spec §2 layout: when the service is available, the modal host, the menu (only when connected), the
 * router outlet and the footer (external users and visitors only); else the unavailable page alone.
 * The footer paints once the disclaimer gate shows the screen. Painted at the bottom of
 * an empty page, it was pushed down (a layout shift) when the screen came.
 */
export function Layout() {
  const { t } = useTranslation();
  const auth = useAuth();
  const user = useSessionUser();
  const unavailable = useServiceUnavailable();
  useHeadingFocus(MAIN_ID);
  const [screenShown, setScreenShown] = useState(false);
  const onScreenShown = useCallback(() => {
    preloadToastHost();
    setScreenShown(true);
  }, []);
  if (unavailable) return <UnavailablePage />;
  const groups = user ? visibleGroups(menuGroups(user, () => void auth.logout())) : [];
  return (
    <div className="page">
      <a href={`#${MAIN_ID}`} className="skip-link">
        {t('layout.skipToContent')}
      </a>
      <ModalOutlet />
      <TopBar user={user} groups={groups}>
        <LoaderBar />
      </TopBar>
      <div className="body">
        {user && <SideMenu groups={groups} />}
        <main id={MAIN_ID} className="main" tabIndex={-1}>
          <DisclaimerGate onShown={onScreenShown}>
            <Outlet />
          </DisclaimerGate>
        </main>
      </div>
      {screenShown && showsFooter(user) && <Footer />}
      <ToastHostSlot />
    </div>
  );
}
