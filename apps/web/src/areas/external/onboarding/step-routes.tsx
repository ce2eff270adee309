import type { OnboardingAnswer } from '@portal/contracts';
import type { ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { ContractualStep } from './contractual-step';
import { FinancialStep } from './financial-step';
import {
  type JourneyStep,
  type JourneyStepState,
  lockedMessageOf,
  ONBOARDING_PATH,
  PEOPLE_PATH,
  STEP_PATHS,
} from './journey';
import { LegitimacyStep } from './legitimacy-step';
import { LockedStep } from './locked-step';
import { MahRegister } from './mah-register';
import { PeopleSection } from './people-section';
import { TechnicalStep } from './technical-step';

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
 * Each step at its own address below /external/onboarding, and the people of the company;
 * any other address goes back to the overview. A chunk of its own: the forms' code
 * (react-hook-form, the selects, the file fields) loads with the first step opened, not with the overview.
 */
export function StepRoutes({
  onboarding,
  steps,
}: {
  onboarding: OnboardingAnswer;
  steps: readonly JourneyStepState[];
}) {
  const { id } = onboarding.organisation;
  const gate = (step: JourneyStep, page: ReactNode) => (
    <StepGate onboarding={onboarding} steps={steps} step={step}>
      {page}
    </StepGate>
  );
  return (
    <Routes>
      <Route
        path={STEP_PATHS.LEGITIMACY}
        element={
          <>
            <LegitimacyStep key={id} onboarding={onboarding} />
            {/* From APPROVALS on, the MAHs are kept in the register (legitimacy's MAHs, now a register). */}
            {onboarding.mahRegister.editable && <MahRegister key={`mahs-${id}`} onboarding={onboarding} />}
          </>
        }
      />
      <Route
        path={STEP_PATHS.CONTRACTUAL}
        element={gate('CONTRACTUAL', <ContractualStep key={`contractual-${id}`} onboarding={onboarding} />)}
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
  );
}
