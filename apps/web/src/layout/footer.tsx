import { firstScreenRoutes } from '@portal/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hasRole, type SessionUser } from '../auth/session-user';
import { useEnvironment } from '../config/environment-context';
import { apiQueryOptions, useApiQuery } from '../http/api-hooks';
import type { HttpClient } from '../http/http-client';
import { externalHref } from './external-link';
import styles from './layout.module.css';
import { LEGAL_PAGES } from './legal-pages';

/** spec §1: app version. */
export const APP_VERSION = '1.1.3';

/** spec §2: the footer is for visitors and external users. */
export const showsFooter = (user: SessionUser | null) => !user || hasRole(user, 'EXTERNAL');

const LINK_LIST_OPTIONS = {
  staleTime: Number.POSITIVE_INFINITY,
  // The footer works without its links: a failure here is not worth an error toast.
  meta: { silentErrors: true },
};

/** spec §7 GET /links/{id}, cached per id: a list rarely changes within a visit. */
export const useLinkList = (listId: string) =>
  useApiQuery(firstScreenRoutes.linkList, { params: { id: listId } }, LINK_LIST_OPTIONS);

/**
 * The footer's links are asked for as the app starts, beside the router, so that they
 * are there when the footer first paints (it paints only with them: see Footer).
 */
export function prefetchFooterLinks(queryClient: QueryClient, http: HttpClient, user: SessionUser | null) {
  if (!showsFooter(user)) return;
  void queryClient.prefetchQuery(
    apiQueryOptions(http, firstScreenRoutes.linkList, { params: { id: 'footer-links' } }, LINK_LIST_OPTIONS),
  );
}

/**
 * spec §2 footer: the environment name (the app name in production), the version, the legal texts and the
 * footer-links list. It paints once its list is read (or has failed), whole: a footer
 * painted first without its links grew by their rows when they came, moving itself up (layout shift).
 */
export function Footer() {
  const { t } = useTranslation();
  const environment = useEnvironment();
  const { data: links = [], isPending } = useLinkList('footer-links');
  if (isPending) return null;
  return (
    <footer className={styles.footer}>
      <span>
        {environment.production ? environment.appName : environment.envName} ·{' '}
        {t('layout.version', { version: APP_VERSION })}
      </span>
      {/* The published legal notice and privacy texts, for everyone. */}
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
