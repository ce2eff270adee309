import { useTranslation } from 'react-i18next';
import { ActionFeedback, type ActionFeedbackState } from '../../../forms/action-feedback';
import styles from './onboarding.module.css';
import type { StepNotice } from './step-flow';

/**
 * A step's 409 reload, said in place (an alert). Saved is said beside the step's buttons (StepActions);
 * once the step is submitted its form is gone, and the confirmation shows here, under the step's status.
 */
export function StepNotices({
  notice,
  feedback,
  editable,
}: {
  notice: StepNotice | null;
  feedback: ActionFeedbackState;
  editable: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      {notice === 'conflict' && (
        <p role="alert" className={`${styles.panel} ${styles.warning}`}>
          {t('external.onboarding.legitimacy.conflict')}
        </p>
      )}
      {!editable && <ActionFeedback feedback={feedback} />}
    </>
  );
}

/** Save and submit, shown only while the step may be changed, with what the last one did beside them. */
export function StepActions({
  busy,
  resubmit,
  onSave,
  feedback,
}: {
  busy: boolean;
  resubmit: boolean;
  onSave: () => void;
  feedback: ActionFeedbackState;
}) {
  const { t } = useTranslation();
  return (
    <div className="form-actions">
      <ActionFeedback feedback={feedback} />
      <button type="button" disabled={busy} onClick={onSave}>
        {t('external.onboarding.legitimacy.saveDraft')}
      </button>
      <button type="submit" className="primary" disabled={busy}>
        {t(resubmit ? 'external.onboarding.legitimacy.resubmit' : 'external.onboarding.legitimacy.submit')}
      </button>
    </div>
  );
}
