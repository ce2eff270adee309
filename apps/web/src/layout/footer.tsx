import { linksApi } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useEnvironment } from '../config/environment-context';
import { useApiQuery } from '../http/api-hooks';
import { externalHref } from './external-link';
import styles from './layout.module.css';
import { LEGAL_PAGES } from './legal-pages';

/** spec §1: app version. */
export const APP_VERSION = '1.1.3';

/** spec §7 GET /links/{id}, cached per id: a list rarely changes within a visit. */
export const useLinkList = (listId: string) =>
  useApiQuery(
    linksApi.list,
    { params: { id: listId } },
    {
      staleTime: Number.POSITIVE_INFINITY,
      // The footer works without its links: a failure here is not worth an error toast.
      meta: { silentErrors: true },
    },
  );

/**
 * spec §2 footer: the environment name (the app name in production), the version, the legal texts and the
 * footer-links list.
 */
export function Footer() {
  const { t } = useTranslation();
  const environment = useEnvironment();
  const { data: links = [] } = useLinkList('footer-links');
  return (
    <footer className={styles.footer}>
      <span>
        {environment.production ? environment.appName : environment.envName} ·{' '}
        {t('layout.version', { version: APP_VERSION })}
      </span>
      {/* Issue 23 item 20: the published legal notice and privacy texts, for everyone. */}
      <ul aria-label={t('layout.legalLinks')}>
        {Object.keys(LEGAL_PAGES).map((page) => (
          <li key={page}>
            <Link to={`/legal/${page}`}>{t(`layout.legal.${page}`)}</Link>
          </li>
        ))}
      </ul>
      {links.length > 0 && (
        <ul aria-label={t('layout.footerLinks')}>
          {links.map((link) => (
            <li key={link.id}>
              <a href={externalHref(link.link)} target="_blank" rel="noopener noreferrer">
                {link.label}
                <span className={styles.visuallyHidden}> {t('layout.opensInNewTab')}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </footer>
  );
}
