import type { ActivityEvent } from '@portal/contracts';
import { useDateFormat } from '../i18n/date-format';
import styles from './activity.module.css';
import { ActivitySentence } from './activity-sentence';

/**
 * What happened, in words, newest first as given: when, and the sentence with its link (the company
 * page's activity, a check's timeline). `empty` is said when nothing happened yet.
 */
export function ActivityFeed({
  events,
  here,
  empty,
}: {
  events: readonly ActivityEvent[];
  here?: string;
  empty: string;
}) {
  const format = useDateFormat();
  if (events.length === 0) return <p className={styles.empty}>{empty}</p>;
  return (
    <ol className={styles.feed}>
      {events.map((event) => (
        <li key={event.id} className={styles.line}>
          <time dateTime={event.at} className={styles.at}>
            {format.dateTime(event.at)}
          </time>
          <ActivitySentence event={event} here={here} />
        </li>
      ))}
    </ol>
  );
}
