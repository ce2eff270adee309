import { auditActivityOf, companyPagePath } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ActivitySentence } from '../../activity/activity-sentence';
import { useSessionUser } from '../../auth/auth-context';
import { useDateFormat } from '../../i18n/date-format';
import { formatFileSize } from '../../i18n/file-size';
import { useAdminSummary } from './admin-summary-api';
import { VitalsSummary } from './vitals-summary';

/**
 * /admin: counts that lead somewhere: pending invitations, disclaimer drafts, storage
 * used, and the latest audit rows (the audit trail is a hidden menu entry reached from here).
 */
export function AdminHomePage() {
  const { t, i18n } = useTranslation();
  const user = useSessionUser();
  const { data } = useAdminSummary();
  const format = useDateFormat();
  return (
    <section className="page-section">
      <h1>{t('admin.home.title')}</h1>
      <p>{t('areas.welcome', { name: user?.name })}</p>
      <p>{t('admin.home.intro')}</p>
      {data && (
        <>
          <ul aria-label={t('admin.home.summary')}>
            <li>
              <Link to="/admin/users?status=INVITED">
                {t('admin.home.pendingInvitations', { count: data.pendingInvitations })}
              </Link>
            </li>
            <li>
              <Link to="/admin/disclaimer-contents">
                {t('admin.home.disclaimerDrafts', { count: data.disclaimerDrafts })}
              </Link>
            </li>
            <li>
              <Link to="/admin/storage">
                {t('admin.home.storageUsed', {
                  size: formatFileSize(data.storageBytes, i18n.language),
                  count: data.storageFiles,
                })}
              </Link>
            </li>
          </ul>
          <h2>{t('admin.home.latestAudit')}</h2>
          {data.latestAudit.length === 0 ? (
            <p>{t('messages.noResult')}</p>
          ) : (
            <ul>
              {data.latestAudit.map((row) => (
                <li key={row.id}>
                  <time dateTime={row.at}>{format.dateTime(row.at)}</time>{' '}
                  <ActivitySentence event={auditActivityOf(row)} />
                  {row.companyName && row.obpNumber && (
                    <>
                      {' ('}
                      <Link to={companyPagePath(row.obpNumber)}>{row.companyName}</Link>)
                    </>
                  )}
                </li>
              ))}
            </ul>
          )}
          <p>
            <Link to="/admin/audit">{t('admin.home.auditLink')}</Link>
          </p>
          <VitalsSummary vitals={data.vitals} />
        </>
      )}
    </section>
  );
}
