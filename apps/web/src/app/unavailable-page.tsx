import { useTranslation } from 'react-i18next';
import { resetAvailability } from '../http/availability';

/** spec §2: replaces the whole app when the error handler flags the service unavailable. */
export function UnavailablePage() {
  const { t } = useTranslation();
  return (
    <main className="main page-section">
      <h1>{t('errors.unavailable')}</h1>
      <p>{t('layout.unavailableHelp')}</p>
      <button
        type="button"
        className="primary"
        onClick={() => {
          resetAvailability();
          window.location.reload();
        }}
      >
        {t('actions.retry')}
      </button>
    </main>
  );
}
