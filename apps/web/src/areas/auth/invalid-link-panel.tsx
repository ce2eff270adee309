import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { tk } from '../../i18n/i18n';
import {
  type LinkProblem,
  REGISTRATION_COMPLETED_MESSAGE,
  type ResendOutcome,
  useResendLink,
} from './account-tokens-api';
import styles from './auth.module.css';
import { OutcomePanel } from './outcome-panel';

/** spec §8: an unknown, expired or used link is INVALID_CONFIRM_ACCOUNT (a withdrawn one says so instead). */
const INVALID_CONFIRM_ACCOUNT = tk('errors.back.INVALID_CONFIRM_ACCOUNT');

/** What the person can do about each problem. */
const HINTS: Record<LinkProblem, string> = {
  unknown: tk('confirm.invalid.unknown'),
  expired: tk('confirm.invalid.expired'),
  used: tk('confirm.invalid.used'),
  withdrawn: tk('confirm.invalid.withdrawn'),
};

export interface InvalidLinkPanelProps {
  problem: LinkProblem;
  token: string;
}

/**
 * A link that cannot be used (domain.md: 105 unknown, 301 expired, 405 used). An expired or used link
 * may ask for a new one until the registration is completed; the API refuses it after that.
 */
export function InvalidLinkPanel({ problem, token }: InvalidLinkPanelProps) {
  const { t } = useTranslation();
  const resend = useResendLink(token);
  const outcome: ResendOutcome | undefined = resend.data;
  const home = <Link to="/">{t('confirm.home')}</Link>;

  // A new panel for each answer (the key), so the focus moves to the news.
  if (outcome === 'sent') {
    return (
      <OutcomePanel key="sent" title={t('confirm.resent.title')}>
        <p>{t('confirm.resent.text')}</p>
      </OutcomePanel>
    );
  }
  if (outcome === 'completed') {
    return (
      <OutcomePanel key="completed" role="alert" title={t('confirm.completed.title')}>
        <p>{t(REGISTRATION_COMPLETED_MESSAGE)}</p>
        <div className={styles.actions}>{home}</div>
      </OutcomePanel>
    );
  }
  // A withdrawn invitation says so, and offers no new link.
  const withdrawn = problem === 'withdrawn';
  return (
    <OutcomePanel
      key="invalid"
      role="alert"
      title={t(withdrawn ? 'confirm.invalid.withdrawnTitle' : 'confirm.invalid.title')}
    >
      <p>{t(withdrawn ? tk('errors.back.INVITATION_WITHDRAWN') : INVALID_CONFIRM_ACCOUNT)}</p>
      <p>{t(HINTS[problem])}</p>
      <div className={styles.actions}>
        {(problem === 'expired' || problem === 'used') && (
          <button
            type="button"
            className="primary"
            disabled={resend.isPending}
            // Failures (an unknown link, too many requests) are the app's error toasts.
            onClick={() => resend.mutate()}
          >
            {t('confirm.invalid.resend')}
          </button>
        )}
        {home}
      </div>
    </OutcomePanel>
  );
}
