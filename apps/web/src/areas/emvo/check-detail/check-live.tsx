import { REVIEWER_ONLY_CHANGES } from '@portal/contracts';
import { BILLING_ACTIONS, CHECK_ACTIONS } from '@portal/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../../auth/auth-context';
import { localeOf } from '../../../i18n/number-format';
import { useLiveChanges } from '../../../live/live-context';
import { isSelf } from '../../../live/self';
import { useCheckPresence } from '../../../live/use-check-presence';
import styles from './check-detail.module.css';

/**
 * The actions a change notice names (contracts events.ts): a check's transitions and billing steps, and
 * the reviewers' own work on it (an assignment, a note).
 */
const NAMED_ACTIONS = [...CHECK_ACTIONS, ...BILLING_ACTIONS, ...REVIEWER_ONLY_CHANGES] as const;
const isNamed = (action: string): action is (typeof NAMED_ACTIONS)[number] =>
  (NAMED_ACTIONS as readonly string[]).includes(action);

interface Notice {
  action: string;
  name: string;
}

/**
 * Someone else acted on this check while it was open ("Rita Reviewer started reviewing
 * this check"), said in a polite live region; the check and its decisions have reloaded already (the
 * stream invalidated them), so the reviewer decides on what is there now. The user's own actions are
 * said by their dialogs, not here.
 */
function ChangeNotice({ checkId }: { checkId: string }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const [notice, setNotice] = useState<Notice | null>(null);
  useLiveChanges((event) => {
    if (event.kind !== 'check' || event.entityId !== checkId || isSelf(user, event.actor)) return;
    setNotice({ action: event.action, name: event.actorName ?? event.actor ?? '' });
  });
  const key = notice && isNamed(notice.action) ? notice.action : 'other';
  return (
    <div role="status" className={notice ? styles.liveNotice : undefined}>
      {notice && t(`emvo.check.live.changes.${key}`, { name: notice.name || t('emvo.check.live.someone') })}
    </div>
  );
}

/** The other reviewers who have this check open now ("Rita Reviewer is viewing"). */
function Viewers({ checkId }: { checkId: string }) {
  const { t, i18n } = useTranslation();
  const viewers = useCheckPresence(checkId);
  const language = i18n.resolvedLanguage ?? i18n.language;
  const names = new Intl.ListFormat(localeOf(language), { type: 'conjunction' }).format(
    viewers.map((viewer) => viewer.viewerName),
  );
  return (
    <div role="status" className={viewers.length > 0 ? styles.viewers : undefined}>
      {viewers.length > 0 && t('emvo.check.live.viewing', { count: viewers.length, names })}
    </div>
  );
}

/** What the live stream says about the open check: who else views it, and what someone else just did. */
export function CheckLive({ checkId }: { checkId: string }) {
  return (
    <div>
      <Viewers checkId={checkId} />
      <ChangeNotice checkId={checkId} />
    </div>
  );
}
