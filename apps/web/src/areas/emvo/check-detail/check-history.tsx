import { type CheckAttempt, type CheckDetail, type CheckDocument, checkPagePath } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { ActivityFeed } from '../../../activity/activity-feed';
import { useFileDownloads } from '../../../http/stored-file-download';
import { TableScrollBox } from '../../../table/table-scroll-box';
import { StoredFileLink } from '../../../ui/stored-file-link';
import { checkActivityOf } from './check-activity';
import styles from './check-detail.module.css';
import { When } from './check-format';
import { Person, Section } from './check-parts';

type People = CheckDetail['people'];

/** The files the check is about, each downloaded with the reviewer's token (ui/StoredFileLink). */
export function Documents({ documents }: { documents: readonly CheckDocument[] }) {
  const { t } = useTranslation();
  const downloads = useFileDownloads();
  return (
    <Section title={t('emvo.check.documents.title')}>
      {documents.length === 0 ? (
        <p className={styles.missing}>{t('emvo.check.documents.none')}</p>
      ) : (
        <ul className={styles.documents}>
          {documents.map((document) => (
            <li key={document.id}>
              <StoredFileLink file={document} downloads={downloads} />
              <span className={styles.documentMeta}>
                {t(`emvo.check.purposes.${document.purpose}`)}
                {' · '}
                {t('emvo.check.documents.uploaded')} <When iso={document.uploadedAt} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/** Each submission of the check and how it ended (contracts checkAttemptSchema). */
export function Attempts({ attempts, people }: { attempts: readonly CheckAttempt[]; people: People }) {
  const { t } = useTranslation();
  const none = t('emvo.check.none');
  const notDecided = t('emvo.check.attempts.notDecided');
  return (
    <Section title={t('emvo.check.attempts.title')}>
      {attempts.length === 0 ? (
        <p className={styles.missing}>{t('emvo.check.attempts.none')}</p>
      ) : (
        <TableScrollBox caption={t('emvo.check.attempts.title')} className={styles.tableScroll}>
          <table className={styles.table}>
            <caption className={styles.visuallyHidden}>{t('emvo.check.attempts.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('emvo.check.attempts.attempt')}</th>
                <th scope="col">{t('emvo.check.attempts.submitted')}</th>
                <th scope="col">{t('emvo.check.attempts.outcome')}</th>
                <th scope="col">{t('emvo.check.attempts.decidedBy')}</th>
                <th scope="col">{t('emvo.check.attempts.decidedAt')}</th>
                <th scope="col">{t('emvo.check.attempts.reason')}</th>
              </tr>
            </thead>
            <tbody>
              {attempts.map((attempt) => (
                <tr key={attempt.attempt}>
                  <th scope="row">{attempt.attempt}</th>
                  <td>
                    <When iso={attempt.submittedAt} />
                  </td>
                  <td>
                    {attempt.outcome
                      ? t(`emvo.check.statuses.${attempt.outcome}`)
                      : t('emvo.check.attempts.open')}
                  </td>
                  <td>
                    {attempt.decidedBy ? <Person actor={attempt.decidedBy} people={people} /> : notDecided}
                  </td>
                  <td>{attempt.decidedAt ? <When iso={attempt.decidedAt} /> : notDecided}</td>
                  <td className={styles.reason}>{attempt.reason ?? none}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScrollBox>
      )}
    </Section>
  );
}

/**
 * Every transition of the check, oldest first, in words (the one renderer of activity-words, as the company
 * page and the audit say them): "Rita Reviewer requested corrections to the legitimacy check (attempt 1)".
 */
export function Timeline({ detail }: { detail: CheckDetail }) {
  const { t } = useTranslation();
  const here = checkPagePath(detail.check.type, detail.check.id);
  return (
    <Section title={t('emvo.check.timeline.title')}>
      <ActivityFeed events={checkActivityOf(detail)} here={here} empty={t('emvo.check.timeline.none')} />
    </Section>
  );
}
