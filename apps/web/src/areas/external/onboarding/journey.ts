import type { CheckStatus, Onboarding } from '@portal/contracts';
import { isLegitimacyCleared, stepLockedMessage } from '@portal/domain';

/** domain.md "Life of an application": the steps the stepper shows, in order. */
export const JOURNEY_STEPS = ['LEGITIMACY', 'CONTRACTUAL', 'FINANCIAL', 'TECHNICAL'] as const;
export type JourneyStep = (typeof JOURNEY_STEPS)[number];

/** The technical step's own states: the stage it is in (domain.md TECHNICAL_IQE, TECHNICAL_PRD, MAINTENANCE). */
export type TechnicalStatus = 'TECHNICAL_IQE' | 'TECHNICAL_PRD' | 'MAINTENANCE';

/** What the stepper says of a step: a check's status, its stage, or locked until an earlier step is done. */
export type StepStatus = CheckStatus | TechnicalStatus | 'LOCKED';

export interface JourneyStepState {
  step: JourneyStep;
  status: StepStatus;
  /** The step the company is at by its stage; at most one (the overview falls back to it for "Next"). */
  current: boolean;
}

const TECHNICAL_STAGES: readonly string[] = ['TECHNICAL_IQE', 'TECHNICAL_PRD', 'MAINTENANCE'];
const isTechnicalStatus = (stage: string): stage is TechnicalStatus => TECHNICAL_STAGES.includes(stage);

/**
 * Each step's status: legitimacy from its check; the agreement and the invoicing form locked until
 * legitimacy is approved or temporarily approved (domain.md), then from their checks; the technical step
 * from the stage. The current step follows the stage; in APPROVALS, the first of the two documents not
 * approved yet. A suspended or withdrawn application has no current step.
 */
export function journeyOf(onboarding: Pick<Onboarding, 'organisation' | 'checks'>): JourneyStepState[] {
  const { stage } = onboarding.organisation;
  const statusOf = (type: 'LEGITIMACY' | 'CONTRACTUAL' | 'FINANCIAL'): CheckStatus =>
    onboarding.checks[type]?.status ?? 'NOT_SUBMITTED';
  const legitimacy = statusOf('LEGITIMACY');
  const opened = isLegitimacyCleared(legitimacy);
  const statuses: Record<JourneyStep, StepStatus> = {
    LEGITIMACY: legitimacy,
    CONTRACTUAL: opened ? statusOf('CONTRACTUAL') : 'LOCKED',
    FINANCIAL: opened ? statusOf('FINANCIAL') : 'LOCKED',
    TECHNICAL: isTechnicalStatus(stage) ? stage : 'LOCKED',
  };
  const current = currentStep(stage, statuses);
  return JOURNEY_STEPS.map((step) => ({ step, status: statuses[step], current: step === current }));
}

function currentStep(stage: string, statuses: Record<JourneyStep, StepStatus>): JourneyStep | null {
  if (stage === 'REGISTERED' || stage === 'INFORMATION') return 'LEGITIMACY';
  if (stage === 'APPROVALS') return statuses.CONTRACTUAL !== 'APPROVED' ? 'CONTRACTUAL' : 'FINANCIAL';
  if (isTechnicalStatus(stage)) return 'TECHNICAL';
  return null;
}

/** The onboarding's own address; each step has its own below it. */
export const ONBOARDING_PATH = '/external/onboarding';

/** Each step's address below ONBOARDING_PATH. */
export const STEP_PATHS: Readonly<Record<JourneyStep, string>> = {
  LEGITIMACY: 'legitimacy',
  CONTRACTUAL: 'contractual',
  FINANCIAL: 'financial',
  TECHNICAL: 'technical',
};

/** The people of the company: no step of the journey, an address of its own all the same. */
export const PEOPLE_PATH = 'people';

export const stepHref = (step: JourneyStep) => `${ONBOARDING_PATH}/${STEP_PATHS[step]}`;

/**
 * What the stepper says of a step in words (not colour only): done, in review, action needed, locked; and
 * live, the technical step once a reviewer moved the company to production (domain.md: production, then
 * maintenance): there is nothing left to fill in.
 */
export type StepState = 'DONE' | 'LIVE' | 'IN_REVIEW' | 'ACTION_NEEDED' | 'LOCKED';

const DONE_STATUSES: readonly StepStatus[] = ['APPROVED', 'TEMPORARILY_APPROVED'];
const LIVE_STATUSES: readonly StepStatus[] = ['TECHNICAL_PRD', 'MAINTENANCE'];
const IN_REVIEW_STATUSES: readonly StepStatus[] = ['SUBMITTED', 'IN_REVIEW'];

export function stepStateOf(status: StepStatus): StepState {
  if (status === 'LOCKED') return 'LOCKED';
  if (DONE_STATUSES.includes(status)) return 'DONE';
  if (LIVE_STATUSES.includes(status)) return 'LIVE';
  if (IN_REVIEW_STATUSES.includes(status)) return 'IN_REVIEW';
  return 'ACTION_NEEDED';
}

/**
 * Why a locked step cannot be opened yet: the domain's stepLockedMessage for the
 * agreement and the invoicing form (the API's own STEP_LOCKED words), null for a step that is not locked.
 */
export function lockedMessageOf(
  onboarding: Pick<Onboarding, 'organisation' | 'checks'>,
  step: JourneyStep,
): string | null {
  if (step === 'LEGITIMACY' || step === 'TECHNICAL') return null;
  const statusOf = (type: 'LEGITIMACY' | 'CONTRACTUAL' | 'FINANCIAL'): CheckStatus =>
    onboarding.checks[type]?.status ?? 'NOT_SUBMITTED';
  return stepLockedMessage(step, {
    stage: onboarding.organisation.stage,
    legitimacyStatus: statusOf('LEGITIMACY'),
    contractualStatus: statusOf('CONTRACTUAL'),
    financialStatus: statusOf('FINANCIAL'),
  });
}

/**
 * What to do next: the first step that needs the company (action needed), else the step it is at (in
 * review); else nothing (a finished, suspended or withdrawn application).
 */
export function nextStepOf(steps: readonly JourneyStepState[]): JourneyStepState | null {
  return (
    steps.find((step) => stepStateOf(step.status) === 'ACTION_NEEDED') ??
    steps.find((step) => step.current) ??
    null
  );
}
