import type { QueueSummary } from '@portal/contracts';
import { useDeferredValue, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSessionUser } from '../../auth/auth-context';
import { tk } from '../../i18n/i18n';
import { localeOf, numberFormat } from '../../i18n/number-format';
import { useQueueSummary } from './queue-summary-api';
import { queueHref } from './queues/queue-links';
import styles from './queues/queues.module.css';

type QueueCounts = QueueSummary['queues'][number];

/**
 * /emvo, the reviewer's landing page: per queue, what waits (submitted or in review), how much of it is
 * overdue and how much is assigned to the signed-in reviewer, each figure a link to the queue filtered so.
 */
export function EmvoHomePage() {
  const { t, i18n } = useTranslation();
  const user = useSessionUser();
  const { data: summary, isError } = useQueueSummary();
  // The cards render as a transition when the figures come: React may then cut that render
  // between cards instead of running it in one task of the start.
  const data = useDeferredValue(summary);
  // One number format for the nine figures, made (or warmed up, main.tsx) once per locale.
  const numbers = numberFormat(localeOf(i18n.resolvedLanguage ?? 'en'));
  const queuesTitle = useId();
  return (
    <section className={styles.page}>
      <h1>{t('emvo.home.title')}</h1>
      <p>{t('areas.welcome', { name: user?.name })}</p>
      <p className={styles.intro}>{t('emvo.home.intro')}</p>
      <h2 id={queuesTitle}>{t('emvo.home.queuesTitle')}</h2>
      {!data && !isError && <p role="status">{t('emvo.home.loading')}</p>}
      {isError && <p role="alert">{t('emvo.home.loadFailed')}</p>}
      {data && (
        <ul className={styles.cards} aria-labelledby={queuesTitle}>
          {data.queues.map((counts) => (
            <QueueCard key={counts.queue} counts={counts} numbers={numbers} />
          ))}
        </ul>
      )}
    </section>
  );
}

function QueueCard({ counts, numbers }: { counts: QueueCounts; numbers: Intl.NumberFormat }) {
  const { t } = useTranslation();
  const headingId = useId();
  const { queue } = counts;
  // A queue opens on its open checks (contracts REVIEW_QUEUE_LIST defaultWhere): its link needs no status.
  const figures = [
    { key: 'open', label: tk('emvo.home.open'), count: counts.open, href: queueHref(queue) },
    {
      key: 'overdue',
      label: tk('emvo.home.overdue'),
      count: counts.overdue,
      href: queueHref(queue, { flags: { overdue: true } }),
    },
    {
      key: 'assignedToMe',
      label: tk('emvo.home.assignedToMe'),
      count: counts.assignedToMe,
      href: queueHref(queue, { flags: { assignedToMe: true } }),
    },
  ];
  return (
    <li className={styles.card}>
      <h3 id={headingId}>{t(`emvo.queues.titles.${queue}`)}</h3>
      <ul className={styles.figures}>
        {figures.map((figure) => (
          <li key={figure.key}>
            {/* Described by the card's title: the three cards' links say which queue they open. */}
            <Link
              to={figure.href}
              aria-describedby={headingId}
              className={`${styles.figure} ${figure.key === 'overdue' && figure.count > 0 ? styles.late : ''}`}
            >
              <span className={styles.count}>{numbers.format(figure.count)}</span>
              <span>{t(figure.label, { count: figure.count })}</span>
            </Link>
          </li>
        ))}
      </ul>
      <Link to={queueHref(queue, { status: 'every' })} aria-describedby={headingId}>
        {t('emvo.home.openQueue')}
      </Link>
    </li>
  );
}
