import { useTranslation } from 'react-i18next';
import { ContractualStep } from './contractual-step';
import { FinancialStep } from './financial-step';
import { journeyOf } from './journey';
import { LegitimacyStep } from './legitimacy-step';
import { MahRegister } from './mah-register';
import styles from './onboarding.module.css';
import { useOnboarding } from './onboarding-api';
import { OnboardingStepper } from './onboarding-stepper';
import { PeopleSection } from './people-section';
import { TechnicalStep } from './technical-step';

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
  const steps = journeyOf(onboarding);
  const opened = steps.some((step) => step.step === 'CONTRACTUAL' && step.status !== 'LOCKED');
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
      <OnboardingStepper steps={steps} />
      <LegitimacyStep key={onboarding.organisation.id} onboarding={onboarding} />
      {/* The later steps show once the stepper opens them (journey.ts: locked until legitimacy is cleared). */}
      {opened && (
        <ContractualStep key={`contractual-${onboarding.organisation.id}`} onboarding={onboarding} />
      )}
      {opened && <FinancialStep key={`financial-${onboarding.organisation.id}`} onboarding={onboarding} />}
      {onboarding.mahRegister.editable && (
        <MahRegister key={`mahs-${onboarding.organisation.id}`} onboarding={onboarding} />
      )}
      <TechnicalStep key={`technical-${onboarding.organisation.id}`} onboarding={onboarding} />
      <PeopleSection onboarding={onboarding} />
    </section>
  );
}
