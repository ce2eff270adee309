import type { CheckAttempt, CheckDetail, CheckDocument, CheckEvent } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { useFileDownloads } from '../../../http/stored-file-download';
import { TableScrollBox } from '../../../table/table-scroll-box';
import { StoredFileLink } from '../../../ui/stored-file-link';
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

/** The people behind a role, as the timeline names them; an unknown role shows as it is. */
function RoleName({ role }: { role: string }) {
  const { t } = useTranslation();
  return <>{t(`emvo.check.roles.${role}`, { defaultValue: role })}</>;
}

/** Every CheckEvent, oldest first: who moved the check from which status to which, when and why. */
export function Timeline({ events, people }: { events: readonly CheckEvent[]; people: People }) {
  const { t } = useTranslation();
  const none = t('emvo.check.none');
  return (
    <Section title={t('emvo.check.timeline.title')}>
      {events.length === 0 ? (
        <p className={styles.missing}>{t('emvo.check.timeline.none')}</p>
      ) : (
        <TableScrollBox caption={t('emvo.check.timeline.title')} className={styles.tableScroll}>
          <table className={styles.table}>
            <caption className={styles.visuallyHidden}>{t('emvo.check.timeline.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('emvo.check.timeline.at')}</th>
                <th scope="col">{t('emvo.check.timeline.from')}</th>
                <th scope="col">{t('emvo.check.timeline.to')}</th>
                <th scope="col">{t('emvo.check.timeline.actor')}</th>
                <th scope="col">{t('emvo.check.timeline.role')}</th>
                <th scope="col">{t('emvo.check.timeline.comment')}</th>
              </tr>
            </thead>
            <tbody>
              {events.map((event) => (
                <tr key={event.id}>
                  <th scope="row">
                    <When iso={event.at} />
                  </th>
                  <td>{event.from ? t(`emvo.check.statuses.${event.from}`) : none}</td>
                  <td>{t(`emvo.check.statuses.${event.to}`)}</td>
                  <td>
                    <Person actor={event.actor} people={people} />
                  </td>
                  <td>
                    <RoleName role={event.role} />
                  </td>
                  <td className={styles.reason}>{event.comment ?? none}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScrollBox>
      )}
    </Section>
  );
}
