import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import {
  type JourneyStepState,
  nextStepOf,
  ONBOARDING_PATH,
  PEOPLE_PATH,
  stepHref,
  stepStateOf,
} from './journey';
import styles from './onboarding-stepper.module.css';

const cx = (...names: Array<string | false | undefined>) =>
  names.filter((name): name is string => typeof name === 'string').join(' ');

/**
 * The whole journey (domain.md "Life of an application") as links, one per step's own address:
 * each says its state in words (done, in review, action needed, locked) and its check's status,
 * the step to do next says so, and the step on screen is aria-current="step". The people of the company
 * follow, an address of their own but no step.
 */
export function OnboardingStepper({ steps }: { steps: readonly JourneyStepState[] }) {
  const { t } = useTranslation();
  const key = 'external.onboarding.stepper';
  // The step to do next, when the company has something to do (the overview's "Next").
  const next = nextStepOf(steps);
  const todo = next && stepStateOf(next.status) === 'ACTION_NEEDED' ? next.step : null;
  return (
    <nav className={styles.nav} aria-label={t(`${key}.label`)}>
      <ol className={styles.stepper}>
        {steps.map(({ step, status }, index) => {
          const state = stepStateOf(status);
          return (
            <li key={step}>
              <NavLink
                to={stepHref(step)}
                aria-current="step"
                className={({ isActive }) =>
                  cx(
                    styles.step,
                    isActive && styles.active,
                    step === todo && styles.current,
                    state === 'LOCKED' && styles.locked,
                    (state === 'DONE' || state === 'LIVE') && styles.done,
                  )
                }
              >
                <span className={styles.marker} aria-hidden="true">
                  {state === 'DONE' || state === 'LIVE' ? '✓' : index + 1}
                </span>
                <span className={styles.text}>
                  <span className={styles.name}>{t(`${key}.steps.${step}`)}</span>
                  <span className={styles.status}>
                    {t(`${key}.state.${state}`)}
                    {/* The check's own status when it says more than the state ("Done · Approved"). */}
                    {state !== 'LOCKED' && state !== status && ` · ${t(`${key}.status.${status}`)}`}
                  </span>
                  {state === 'LOCKED' && (
                    <span className={styles.hint}>{t(`${key}.opensAfter.${step}`)}</span>
                  )}
                  {step === todo && <span className={styles.next}>{t(`${key}.next`)}</span>}
                </span>
              </NavLink>
            </li>
          );
        })}
      </ol>
      <p className={styles.more}>
        <NavLink to={ONBOARDING_PATH} end aria-current="page">
          {t(`${key}.overview`)}
        </NavLink>
        <NavLink to={`${ONBOARDING_PATH}/${PEOPLE_PATH}`} aria-current="page">
          {t('external.onboarding.people.title')}
        </NavLink>
      </p>
    </nav>
  );
}
