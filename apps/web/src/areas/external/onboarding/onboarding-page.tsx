import type { OnboardingAnswer } from '@portal/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes } from 'react-router';
import { ContractualStep } from './contractual-step';
import { FinancialStep } from './financial-step';
import {
  type JourneyStep,
  type JourneyStepState,
  journeyOf,
  lockedMessageOf,
  ONBOARDING_PATH,
  PEOPLE_PATH,
  STEP_PATHS,
} from './journey';
import { LegitimacyStep } from './legitimacy-step';
import { LockedStep } from './locked-step';
import { MahRegister } from './mah-register';
import styles from './onboarding.module.css';
import { useOnboarding } from './onboarding-api';
import { OnboardingOverview } from './onboarding-overview';
import { OnboardingStepper } from './onboarding-stepper';
import { PeopleSection } from './people-section';
import { TechnicalStep } from './technical-step';
import { UnsavedChangesGuard } from './unsaved-changes';

/** A step's page, or why it is locked with a link to the step to do. */
function StepGate({
  onboarding,
  steps,
  step,
  children,
}: {
  onboarding: OnboardingAnswer;
  steps: readonly JourneyStepState[];
  step: JourneyStep;
  children: ReactNode;
}) {
  const locked = steps.find((state) => state.step === step)?.status === 'LOCKED';
  if (!locked) return children;
  return <LockedStep step={step} steps={steps} reason={lockedMessageOf(onboarding, step)} />;
}

/**
 * /external/onboarding (domain.md "Screens"; issue 23 item 1): the company's application, the stepper over
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
  const { stage, obpNumber, id } = onboarding.organisation;
  const steps = journeyOf(onboarding);
  const gate = (step: JourneyStep, page: ReactNode) => (
    <StepGate onboarding={onboarding} steps={steps} step={step}>
      {page}
    </StepGate>
  );
  return (
    <UnsavedChangesGuard>
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
        <OnboardingStepper steps={steps} />
        <Routes>
          <Route index element={<OnboardingOverview steps={steps} />} />
          <Route
            path={STEP_PATHS.LEGITIMACY}
            element={
              <>
                <LegitimacyStep key={id} onboarding={onboarding} />
                {/* From APPROVALS on, the MAHs are kept in the register (legitimacy's MAHs, now a register). */}
                {onboarding.mahRegister.editable && (
                  <MahRegister key={`mahs-${id}`} onboarding={onboarding} />
                )}
              </>
            }
          />
          <Route
            path={STEP_PATHS.CONTRACTUAL}
            element={gate(
              'CONTRACTUAL',
              <ContractualStep key={`contractual-${id}`} onboarding={onboarding} />,
            )}
          />
          <Route
            path={STEP_PATHS.FINANCIAL}
            element={gate('FINANCIAL', <FinancialStep key={`financial-${id}`} onboarding={onboarding} />)}
          />
          <Route
            path={STEP_PATHS.TECHNICAL}
            element={gate('TECHNICAL', <TechnicalStep key={`technical-${id}`} onboarding={onboarding} />)}
          />
          <Route path={PEOPLE_PATH} element={<PeopleSection onboarding={onboarding} />} />
          <Route path="*" element={<Navigate to={ONBOARDING_PATH} replace />} />
        </Routes>
      </section>
    </UnsavedChangesGuard>
  );
}
