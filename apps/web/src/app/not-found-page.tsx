import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** spec §2: unknown routes show errors.notFound. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section className="page-section">
      <h1>{t('errors.notFound')}</h1>
      <Link to="/">{t('layout.backToStart')}</Link>
    </section>
  );
}
