import { type ActivityEvent, activityLine } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSessionUser } from '../auth/auth-context';
import { useFileDownloads } from '../http/stored-file-download';
import styles from './activity.module.css';
import { activityLinkFor } from './activity-links';
import { activityText } from './activity-text';

/**
 * One event in words (contracts activityLine, the one renderer), linked to its record where the user may
 * open it, its reason under it. `here` is the page showing it: a line leading there is no link.
 */
export function ActivitySentence({ event, here }: { event: ActivityEvent; here?: string }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const downloads = useFileDownloads();
  const line = activityLine(event);
  const text = activityText(t, line);
  const link = activityLinkFor(user, event, line.link, here);
  let sentence = <>{text}</>;
  if (link?.kind === 'file') {
    const file = { id: event.entityId, name: event.fileName ?? event.entityName ?? text };
    sentence = (
      <a
        href={downloads.hrefOf(file)}
        onClick={(click) => {
          click.preventDefault();
          downloads.download(file);
        }}
      >
        {text}
      </a>
    );
  } else if (link) {
    sentence = <Link to={link.path}>{text}</Link>;
  }
  return (
    <>
      <span className={styles.sentence}>{sentence}</span>
      {line.detail && <q className={styles.detail}>{line.detail}</q>}
    </>
  );
}
