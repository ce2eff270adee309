import { companyPagePath, LIST_PAGES } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ActivityFeed } from '../../../activity/activity-feed';
import { useSessionUser } from '../../../auth/auth-context';
import { hasRole } from '../../../auth/session-user';
import { HttpError } from '../../../http/http-client';
import styles from '../check-detail/check-detail.module.css';
import { Documents } from '../check-detail/check-history';
import { CheckNotes } from '../check-detail/check-notes';
import { Section } from '../check-detail/check-parts';
import { useCompanyPage } from './company-api';
import { CompanyHeader, NextStep, useCheckName } from './company-header';
import { Billing, Checks, People, SessionTokens, TestRuns } from './company-sections';

/**
 * /emvo/companies/{obpNumber}: one company's whole story, answered by one request (contracts
 * companiesApi.page): who it is and what is next, its checks, documents, session tokens, test runs,
 * people, billing and activity. Reviewers work on it; administrators read it (no actions here).
 */
export function CompanyPage() {
  const { obpNumber = '' } = useParams();
  return <CompanyView key={obpNumber} obpNumber={obpNumber} />;
}

function CompanyView({ obpNumber }: { obpNumber: string }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const checkName = useCheckName();
  const { data: page, error, refetch } = useCompanyPage(obpNumber);
  if (!page) {
    const unknown = error instanceof HttpError && (error.status === 404 || error.status === 400);
    return (
      <section className={styles.page}>
        <h1>{t('emvo.company.title')}</h1>
        {unknown ? (
          <p>{t('emvo.company.notFound', { obpNumber })}</p>
        ) : error ? (
          <>
            <p>{t('emvo.company.loadFailed')}</p>
            <button type="button" onClick={() => void refetch()}>
              {t('actions.retry')}
            </button>
          </>
        ) : (
          <p role="status">{t('emvo.company.loading')}</p>
        )}
      </section>
    );
  }
  // A reviewer opens a check from here; an administrator reads the page (the check pages are the reviewers').
  const reviewer = hasRole(user, 'EMVO');
  const admin = hasRole(user, 'ADMIN');
  const here = companyPagePath(page.company.obpNumber);
  return (
    <section className={styles.page}>
      <CompanyHeader page={page} />
      {!reviewer && <p className={styles.viewers}>{t('emvo.company.readOnly')}</p>}
      <NextStep next={page.next} opensChecks={reviewer} />
      <Checks checks={page.checks} opensChecks={reviewer} />
      {/* The check pages are the reviewers': an administrator reads each check's internal notes here. */}
      {!reviewer &&
        page.checks.map((check) => (
          <CheckNotes
            key={check.id}
            checkId={check.id}
            title={t('emvo.check.notes.titleOf', { check: checkName(check) })}
          />
        ))}
      <Section title={t('emvo.company.activity.title')}>
        <ActivityFeed events={page.activity} here={here} empty={t('emvo.company.activity.none')} />
        {admin && (
          <p>
            <Link to={`${LIST_PAGES.audit}?organisationId=${page.company.id}`}>
              {t('emvo.company.activity.all')}
            </Link>
          </p>
        )}
      </Section>
      <Documents documents={page.documents} />
      <SessionTokens tokens={page.sessionTokens} opensList={reviewer} />
      <TestRuns testRuns={page.testRuns} />
      <People people={page.people} />
      <Billing billing={page.billing} />
    </section>
  );
}
