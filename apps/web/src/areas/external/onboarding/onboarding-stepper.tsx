import { useTranslation } from 'react-i18next';
import type { JourneyStepState } from './journey';
import styles from './onboarding-stepper.module.css';

const DONE: readonly string[] = ['APPROVED', 'TEMPORARILY_APPROVED', 'MAINTENANCE'];

const cx = (...names: Array<string | false | undefined>) =>
  names.filter((name): name is string => typeof name === 'string').join(' ');

/**
 * The whole journey (domain.md "Life of an application") as an ordered list: each step with its status,
 * a locked step with what opens it, the current one marked with aria-current="step". It informs; it does
 * not navigate.
 */
export function OnboardingStepper({ steps }: { steps: readonly JourneyStepState[] }) {
  const { t } = useTranslation();
  return (
    <ol className={styles.stepper} aria-label={t('external.onboarding.stepper.label')}>
      {steps.map(({ step, status, current }, index) => {
        const locked = status === 'LOCKED';
        const done = DONE.includes(status);
        return (
          <li
            key={step}
            aria-current={current ? 'step' : undefined}
            className={cx(
              styles.step,
              current && styles.current,
              locked && styles.locked,
              done && styles.done,
            )}
          >
            <span className={styles.marker} aria-hidden="true">
              {done ? '✓' : index + 1}
            </span>
            <span className={styles.text}>
              <span className={styles.name}>{t(`external.onboarding.stepper.steps.${step}`)}</span>
              <span className={styles.status}>{t(`external.onboarding.stepper.status.${status}`)}</span>
              {locked && (
                <span className={styles.hint}>{t(`external.onboarding.stepper.opensAfter.${step}`)}</span>
              )}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
