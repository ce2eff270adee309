import type { CheckSummary } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { dateFormat } from '../../../i18n/date-format';
import styles from './onboarding.module.css';

/** A day as the portal writes it (i18n/date-format), empty when there is none. */
export const formatDay = (iso: string | null, language: string) =>
  iso ? dateFormat(language).date(iso) : '';

/** The legitimacy check's panel. */
export const LegitimacyStatus = ({ check }: { check: CheckSummary | null }) => (
  <CheckStatusPanel check={check} step="legitimacy" />
);

/**
 * Where a step's check stands, above the form: when and how often it was submitted and when a
 * decision is due; the reviewer's reason for corrections, a rejection or a temporary approval. Nothing
 * before the first submission.
 */
export function CheckStatusPanel({
  check,
  step,
}: {
  check: CheckSummary | null;
  /** The step whose texts (external.onboarding.<step>.status) the panel shows. */
  step: 'legitimacy' | 'contractual' | 'financial';
}) {
  const { t, i18n } = useTranslation();
  if (!check || check.status === 'NOT_SUBMITTED') return null;
  const day = (iso: string | null) => formatDay(iso, i18n.language);
  const { status } = check;
  const tone =
    status === 'CORRECTIONS_REQUESTED'
      ? styles.warning
      : status === 'REJECTED'
        ? styles.danger
        : status === 'APPROVED' || status === 'TEMPORARILY_APPROVED'
          ? styles.success
          : styles.info;
  const text =
    status === 'SUBMITTED' || status === 'IN_REVIEW'
      ? t(`external.onboarding.${step}.status.pending`, {
          submittedAt: day(check.submittedAt),
          attempt: check.attempt,
          slaDueAt: day(check.slaDueAt),
        })
      : t(`external.onboarding.${step}.status.text.${status}`, { decidedAt: day(check.decidedAt) });
  return (
    <section className={`${styles.panel} ${tone}`} aria-labelledby={`${step}-status-title`}>
      <h3 id={`${step}-status-title`} className={styles.panelTitle}>
        {t(`external.onboarding.${step}.status.title.${status}`)}
      </h3>
      <p>{text}</p>
      {check.reason && (
        <div className={styles.reason}>
          <h4 className={styles.reasonTitle}>{t(`external.onboarding.${step}.status.reason`)}</h4>
          <blockquote className={styles.reasonText}>{check.reason}</blockquote>
        </div>
      )}
    </section>
  );
}
