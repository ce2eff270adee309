import type { CheckStatus, Onboarding } from '@portal/contracts';
import { isLegitimacyCleared } from '@portal/domain';

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
  /** The step the company works on now (aria-current="step"); at most one. */
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
