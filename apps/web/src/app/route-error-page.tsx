import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/**
 * What a screen shows when its code could not load, its guard failed (no token: the provider could not be
 * reached) or it broke while rendering: in place of the router's bare default, a page that says so and offers
 * to try again (a reload, which fetches the code again). Offline, it says that instead.
 */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => console.error(error), [error]);
  return (
    <section className="page-section">
      <h1>{t('errors.screen.title')}</h1>
      <p>{navigator.onLine ? t('errors.screen.help') : t('errors.back.OFFLINE')}</p>
      <button type="button" className="primary" onClick={() => window.location.reload()}>
        {t('actions.retry')}
      </button>
    </section>
  );
}
