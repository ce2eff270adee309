import { useTranslation } from 'react-i18next';
import { resetAvailability, unavailableReason } from '../http/availability';

/** spec §2: replaces the whole app when the error handler flags the service unavailable. */
export function UnavailablePage() {
  const { t } = useTranslation();
  return (
    <main className="main page-section">
      <h1>{t('errors.unavailable')}</h1>
      {/* spec §8 SERVICE_UNAVAILABLE "show error": the toasts are gone with the app, so the page says it. */}
      {unavailableReason().map((message) => (
        <p key={message} role="alert">
          {message}
        </p>
      ))}
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
