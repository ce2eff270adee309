import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router';
import { journeyOf } from './journey';
import styles from './onboarding.module.css';
import { OnboardingLiveNotice } from './onboarding-live-notice';
import { LazyStepRoutes } from './onboarding-loader';
import { OnboardingOverview } from './onboarding-overview';
import { useOnboarding } from './onboarding-query';
import { OnboardingStepper } from './onboarding-stepper';
import { UnsavedChangesGuard } from './unsaved-changes';

/**
 * /external/onboarding (domain.md "Screens"): the company's application, the stepper over
 * the whole journey, and below it the overview (what is next) or one step at its own address
 * (/external/onboarding/legitimacy, /contractual, /financial, /technical, /people). A READ_ONLY user sees
 * each step as a summary, without actions.
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
  const steps = journeyOf(onboarding);
  return (
    <UnsavedChangesGuard>
      <section className={styles.page}>
        <div className="page-header">
          {title}
          <p className={styles.obpNumber}>{t('external.onboarding.obpNumber', { obpNumber })}</p>
        </div>
        <OnboardingLiveNotice />
        {onboarding.access === 'READ_ONLY' && (
          <p className={`${styles.panel} ${styles.info}`}>{t('external.onboarding.readOnly')}</p>
        )}
        {(stage === 'SUSPENDED' || stage === 'WITHDRAWN') && (
          <p className={`${styles.panel} ${styles.danger}`}>{t(`external.onboarding.stages.${stage}`)}</p>
        )}
        <OnboardingStepper steps={steps} />
        <Routes>
          <Route index element={<OnboardingOverview steps={steps} checks={onboarding.checks} />} />
          <Route
            path="*"
            element={
              <Suspense fallback={null}>
                <LazyStepRoutes onboarding={onboarding} steps={steps} />
              </Suspense>
            }
          />
        </Routes>
      </section>
    </UnsavedChangesGuard>
  );
}
