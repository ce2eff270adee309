import { useTranslation } from 'react-i18next';
import styles from './onboarding.module.css';
import type { StepNotice } from './step-flow';

/**
 * A step's 409 reload, said in place (an alert). Saved and submitted are toasts (step-flow.ts, issue 23
 * item 2), where the person is.
 */
export function StepNotices({ notice }: { notice: StepNotice | null }) {
  const { t } = useTranslation();
  if (notice !== 'conflict') return null;
  return (
    <p role="alert" className={`${styles.panel} ${styles.warning}`}>
      {t('external.onboarding.legitimacy.conflict')}
    </p>
  );
}

/** Save and submit, shown only while the step may be changed. */
export function StepActions({
  busy,
  resubmit,
  onSave,
}: {
  busy: boolean;
  resubmit: boolean;
  onSave: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="form-actions">
      <button type="button" disabled={busy} onClick={onSave}>
        {t('external.onboarding.legitimacy.saveDraft')}
      </button>
      <button type="submit" className="primary" disabled={busy}>
        {t(resubmit ? 'external.onboarding.legitimacy.resubmit' : 'external.onboarding.legitimacy.submit')}
      </button>
    </div>
  );
}
