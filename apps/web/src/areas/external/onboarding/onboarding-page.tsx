import { useTranslation } from 'react-i18next';
import { journeyOf } from './journey';
import { LegitimacyStep } from './legitimacy-step';
import styles from './onboarding.module.css';
import { useOnboarding } from './onboarding-api';
import { OnboardingStepper } from './onboarding-stepper';

/**
 * /external/onboarding (domain.md "Screens"): the company's application, the stepper over the whole
 * journey, then the legitimacy step. A READ_ONLY user sees it all disabled, without actions.
 */
export function OnboardingPage() {
  const { t } = useTranslation();
  const { data: onboarding, isPending, isError, refetch } = useOnboarding();
  const title = <h1>{t('external.onboarding.title')}</h1>;
  if (isPending) {
    return (
      <section className={styles.page}>
        {title}
        <p role="status">{t('external.onboarding.loading')}</p>
      </section>
    );
  }
  if (isError) {
    return (
      <section className={styles.page}>
        {title}
        <p>{t('external.onboarding.loadFailed')}</p>
        <button type="button" onClick={() => void refetch()}>
          {t('actions.retry')}
        </button>
      </section>
    );
  }
  const { stage, obpNumber } = onboarding.organisation;
  return (
    <section className={styles.page}>
      <div className="page-header">
        {title}
        <p className={styles.obpNumber}>{t('external.onboarding.obpNumber', { obpNumber })}</p>
      </div>
      {onboarding.access === 'READ_ONLY' && (
        <p className={`${styles.panel} ${styles.info}`}>{t('external.onboarding.readOnly')}</p>
      )}
      {(stage === 'SUSPENDED' || stage === 'WITHDRAWN') && (
        <p className={`${styles.panel} ${styles.danger}`}>{t(`external.onboarding.stages.${stage}`)}</p>
      )}
      <OnboardingStepper steps={journeyOf(onboarding)} />
      <LegitimacyStep key={onboarding.organisation.id} onboarding={onboarding} />
    </section>
  );
}
