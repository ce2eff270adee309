import { useTranslation } from 'react-i18next';
import styles from './onboarding.module.css';
import type { StepNotice } from './step-flow';

/** A step's outcome: saved or submitted (a live region), or the 409 reload (an alert). */
export function StepNotices({ notice, submitted }: { notice: StepNotice | null; submitted: string }) {
  const { t } = useTranslation();
  return (
    <>
      <div role="status" className={styles.liveRegion}>
        {notice === 'saved' && t('external.onboarding.legitimacy.saved')}
        {notice === 'submitted' && submitted}
      </div>
      {notice === 'conflict' && (
        <p role="alert" className={`${styles.panel} ${styles.warning}`}>
          {t('external.onboarding.legitimacy.conflict')}
        </p>
      )}
    </>
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
