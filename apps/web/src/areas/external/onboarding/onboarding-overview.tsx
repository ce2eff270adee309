import type { Onboarding } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type JourneyStepState, nextStepOf, stepHref, stepStateOf } from './journey';
import styles from './onboarding.module.css';

/**
 * /external/onboarding: the overview. It says what is next, with a link to that step (and, when a reviewer
 * asked for corrections, their reason), or that the company is live once it is in production; and each
 * step's state in words.
 */
export function OnboardingOverview({
  steps,
  checks,
}: {
  steps: readonly JourneyStepState[];
  checks: Onboarding['checks'];
}) {
  const { t } = useTranslation();
  const key = 'external.onboarding.overview';
  const next = nextStepOf(steps);
  const nextState = next ? stepStateOf(next.status) : null;
  const stepName = (step: JourneyStepState) => t(`external.onboarding.stepper.steps.${step.step}`);
  const corrections =
    next && next.step !== 'TECHNICAL' && next.status === 'CORRECTIONS_REQUESTED' ? checks[next.step] : null;
  return (
    <section className={styles.step} aria-labelledby="overview-title">
      <h2 id="overview-title" className={styles.stepTitle}>
        {t(`${key}.title`)}
      </h2>
      <div className={`${styles.panel} ${styles.info}`}>
        {next && nextState === 'LIVE' ? (
          <p>
            {t(`${key}.live.${next.status === 'MAINTENANCE' ? 'MAINTENANCE' : 'TECHNICAL_PRD'}`)}{' '}
            <Link to={stepHref(next.step)}>{t(`${key}.open`, { step: stepName(next) })}</Link>
          </p>
        ) : next && nextState ? (
          <>
            <p>
              {t(
                `${key}.next.${nextState === 'IN_REVIEW' ? 'IN_REVIEW' : corrections ? 'CORRECTIONS_REQUESTED' : 'ACTION_NEEDED'}`,
                { step: stepName(next) },
              )}{' '}
              <Link to={stepHref(next.step)}>{t(`${key}.open`, { step: stepName(next) })}</Link>
            </p>
            {corrections?.reason && (
              <div className={styles.reason}>
                <h3 className={styles.reasonTitle}>{t(`${key}.reason`)}</h3>
                <blockquote className={styles.reasonText}>{corrections.reason}</blockquote>
              </div>
            )}
          </>
        ) : (
          <p>{t(`${key}.nothing`)}</p>
        )}
      </div>
      <ul className={styles.overviewList} aria-label={t(`${key}.steps`)}>
        {steps.map((step) => {
          const state = stepStateOf(step.status);
          return (
            <li key={step.step}>
              <Link to={stepHref(step.step)}>{stepName(step)}</Link>
              {': '}
              {t(`external.onboarding.stepper.state.${state}`)}
              {/* The check's status when it says more than the state (as the stepper: never "In review (In review)"). */}
              {state !== 'LOCKED' &&
                state !== step.status &&
                ` (${t(`external.onboarding.stepper.status.${step.status}`)})`}
              {state === 'LOCKED' && `. ${t(`external.onboarding.stepper.opensAfter.${step.step}`)}`}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
