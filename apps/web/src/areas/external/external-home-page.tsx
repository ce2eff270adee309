import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSessionUser } from '../../auth/auth-context';

export function ExternalHomePage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  return (
    <section className="page-section">
      <h1>{t('external.home.title')}</h1>
      <p>{t('areas.welcome', { name: user?.name })}</p>
      <p>{t('external.home.intro')}</p>
      <p>
        <Link to="/external/onboarding">{t('external.home.openOnboarding')}</Link>
      </p>
    </section>
  );
}
