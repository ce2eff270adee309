import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type JourneyStep, type JourneyStepState, nextStepOf, stepHref } from './journey';
import styles from './onboarding.module.css';

/**
 * A locked step's own address: why it is locked (the stepper's words and the domain's
 * stepLockedMessage, the API's STEP_LOCKED reason) and a link to the step to do first.
 */
export function LockedStep({
  step,
  steps,
  reason,
}: {
  step: JourneyStep;
  steps: readonly JourneyStepState[];
  /** packages/domain stepLockedMessage, when the step is a check's. */
  reason: string | null;
}) {
  const { t } = useTranslation();
  const todo = nextStepOf(steps);
  const name = (which: JourneyStep) => t(`external.onboarding.stepper.steps.${which}`);
  const titleId = `locked-${step}-title`;
  return (
    <section className={styles.step} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.stepTitle}>
        {name(step)}
      </h2>
      <div className={`${styles.panel} ${styles.info}`}>
        <h3 className={styles.panelTitle}>{t('external.onboarding.locked.title')}</h3>
        <p>{t(`external.onboarding.stepper.opensAfter.${step}`)}</p>
        {reason && <p>{t('external.onboarding.locked.reason', { reason })}</p>}
        {todo && todo.step !== step && (
          <p>
            <Link to={stepHref(todo.step)}>
              {t('external.onboarding.locked.goTo', { step: name(todo.step) })}
            </Link>
          </p>
        )}
      </div>
    </section>
  );
}
