import { allowedActions, type CheckType } from './checks.js';
import type { CheckStatus, Role, Stage } from './enums.js';
import { cleanReason, type Failure, fail, isValidDate } from './result.js';
import { words } from './words.js';

/** domain.md: the stages an application goes through, in order; SUSPENDED and WITHDRAWN stand outside. */
export const ACTIVE_STAGES = [
  'REGISTERED',
  'INFORMATION',
  'APPROVALS',
  'TECHNICAL_IQE',
  'TECHNICAL_PRD',
  'MAINTENANCE',
] as const satisfies readonly Stage[];
export type ActiveStage = (typeof ACTIVE_STAGES)[number];

export const isActiveStage = (stage: string): stage is ActiveStage =>
  (ACTIVE_STAGES as readonly string[]).includes(stage);

/** An organisation's progress as stored: its stage and the status of its three checks (domain.md). */
export interface OrganisationProgress {
  stage: Stage;
  legitimacyStatus: CheckStatus;
  contractualStatus: CheckStatus;
  financialStatus: CheckStatus;
  /** The financial check's decidedBy: SYSTEM_ACTOR after a top-up rejection, which may be resubmitted. */
  financialDecidedBy?: string | null;
}

export type CheckStatuses = Pick<
  OrganisationProgress,
  'legitimacyStatus' | 'contractualStatus' | 'financialStatus'
>;

/** domain.md: legitimacy "approved (or temporarily approved)" opens the next steps. */
export const isLegitimacyCleared = (status: CheckStatus): boolean =>
  status === 'APPROVED' || status === 'TEMPORARILY_APPROVED';

/**
 * The stage the three checks have earned, by domain.md's "Life of an application": nothing submitted,
 * REGISTERED; legitimacy submitted, INFORMATION; legitimacy approved or temporarily approved, APPROVALS;
 * with agreement and invoicing form approved too, TECHNICAL_IQE.
 */
export function stageEarnedByChecks(statuses: CheckStatuses): ActiveStage {
  if (statuses.legitimacyStatus === 'NOT_SUBMITTED') return 'REGISTERED';
  if (!isLegitimacyCleared(statuses.legitimacyStatus)) return 'INFORMATION';
  return statuses.contractualStatus === 'APPROVED' && statuses.financialStatus === 'APPROVED'
    ? 'TECHNICAL_IQE'
    : 'APPROVALS';
}

const AUTOMATIC_FROM: readonly Stage[] = ['REGISTERED', 'INFORMATION', 'APPROVALS'];

/**
 * The organisation's stage after a check changed. Automatic moves only go forward, and only from
 * REGISTERED, INFORMATION or APPROVALS: a later rejection (a temporary approval finalised as rejected, a
 * financial top-up, a new agreement template) never pulls a company back out of its technical stages, it
 * only changes what the company may submit (`canSubmit`); an ADMIN suspends or withdraws when needed.
 * Suspended and withdrawn applications keep their stage.
 */
export function stageAfterChecks(organisation: OrganisationProgress): Stage {
  const current = organisation.stage;
  if (!isActiveStage(current) || !AUTOMATIC_FROM.includes(current)) return current;
  const earned = stageEarnedByChecks(organisation);
  return ACTIVE_STAGES.indexOf(earned) > ACTIVE_STAGES.indexOf(current) ? earned : current;
}

/**
 * May the company submit this check now? The stage opens the step and the check's own state machine
 * (checks.ts) says whether its status accepts a submission:
 * - legitimacy from REGISTERED or INFORMATION (first submission, or after corrections);
 * - agreement and invoicing form once legitimacy is approved or temporarily approved, from APPROVALS on:
 *   also in the technical stages, where a top-up or a new agreement template asks for a new document.
 * Nothing while SUSPENDED or WITHDRAWN.
 */
export function canSubmit(checkType: CheckType, organisation: OrganisationProgress): boolean {
  const { stage } = organisation;
  if (checkType === 'LEGITIMACY') {
    if (stage !== 'REGISTERED' && stage !== 'INFORMATION') return false;
  } else if (
    !isActiveStage(stage) ||
    ACTIVE_STAGES.indexOf(stage) < ACTIVE_STAGES.indexOf('APPROVALS') ||
    !isLegitimacyCleared(organisation.legitimacyStatus)
  ) {
    return false;
  }
  const status =
    checkType === 'LEGITIMACY'
      ? organisation.legitimacyStatus
      : checkType === 'CONTRACTUAL'
        ? organisation.contractualStatus
        : organisation.financialStatus;
  const decidedBy = checkType === 'FINANCIAL' ? (organisation.financialDecidedBy ?? null) : null;
  return allowedActions({ type: checkType, status, attempt: 1, decidedBy }, 'EXTERNAL').includes('SUBMIT');
}

/**
 * The organisation's progress as the rules read it: each check's own status where the check exists (the
 * reviewers' record wins over the organisation's copy of it), and the financial check's decidedBy, which
 * tells a top-up rejection (it may be resubmitted) from a final one.
 */
export const progressOf = (
  organisation: { stage: Stage } & CheckStatuses,
  checks: Partial<Record<CheckType, { status: CheckStatus; decidedBy: string | null }>>,
): OrganisationProgress => ({
  stage: organisation.stage,
  legitimacyStatus: checks.LEGITIMACY?.status ?? organisation.legitimacyStatus,
  contractualStatus: checks.CONTRACTUAL?.status ?? organisation.contractualStatus,
  financialStatus: checks.FINANCIAL?.status ?? organisation.financialStatus,
  financialDecidedBy: checks.FINANCIAL?.decidedBy ?? null,
});

const STATUS_OF: Record<CheckType, keyof CheckStatuses> = {
  LEGITIMACY: 'legitimacyStatus',
  CONTRACTUAL: 'contractualStatus',
  FINANCIAL: 'financialStatus',
};

/**
 * Why the company cannot change a step now (its 409 STEP_LOCKED message), or null when it may: a step is
 * edited exactly when it may be submitted (`canSubmit`).
 */
export function stepLockedMessage(checkType: CheckType, progress: OrganisationProgress): string | null {
  if (canSubmit(checkType, progress)) return null;
  const status = words(progress[STATUS_OF[checkType]]);
  if (checkType === 'LEGITIMACY') {
    return `The legitimacy step cannot be changed now: its check is ${status} (stage ${progress.stage.toLowerCase()})`;
  }
  return `The ${words(checkType)} step cannot be changed now: its check is ${status}, the legitimacy check ${words(progress.legitimacyStatus)} (stage ${words(progress.stage)})`;
}

export const STAGE_MOVES = [
  'MOVE_TO_PRODUCTION',
  'MOVE_TO_MAINTENANCE',
  'SUSPEND',
  'RESUME',
  'WITHDRAW',
] as const;
export type StageMove = (typeof STAGE_MOVES)[number];

interface MoveRule {
  role: Role;
  from: readonly Stage[];
  /** null: RESUME goes back to the stage given by the caller. */
  to: Stage | null;
  reasonRequired: boolean;
}

/**
 * domain.md: "A reviewer moves it to production and then maintenance"; SUSPENDED and WITHDRAWN are
 * "admin, with a reason". Decided here: an ADMIN may also withdraw a suspended application (one that will
 * not come back must be closable), resuming needs no reason (the suspension carried one), and WITHDRAWN is
 * final.
 */
const MOVE_RULES: Readonly<Record<StageMove, MoveRule>> = {
  MOVE_TO_PRODUCTION: { role: 'EMVO', from: ['TECHNICAL_IQE'], to: 'TECHNICAL_PRD', reasonRequired: false },
  MOVE_TO_MAINTENANCE: { role: 'EMVO', from: ['TECHNICAL_PRD'], to: 'MAINTENANCE', reasonRequired: false },
  SUSPEND: { role: 'ADMIN', from: ACTIVE_STAGES, to: 'SUSPENDED', reasonRequired: true },
  RESUME: { role: 'ADMIN', from: ['SUSPENDED'], to: null, reasonRequired: false },
  WITHDRAW: { role: 'ADMIN', from: [...ACTIVE_STAGES, 'SUSPENDED'], to: 'WITHDRAWN', reasonRequired: true },
};

export const isStageReasonRequired = (move: StageMove): boolean => MOVE_RULES[move].reasonRequired;

/** The moves `role` may make by hand from `stage` (the automatic ones are `stageAfterChecks`). */
export function allowedStageMoves(stage: Stage, role: Role): StageMove[] {
  return STAGE_MOVES.filter(
    (move) => MOVE_RULES[move].role === role && MOVE_RULES[move].from.includes(stage),
  );
}

export interface StageMoveContext {
  role: Role;
  actor: string;
  reason?: string | null;
  now: Date;
  /** RESUME only: the stage the application was suspended from (the caller reads it from the audit log). */
  resumeTo?: Stage | null;
}

export interface StageEventDraft {
  move: StageMove;
  from: Stage;
  to: Stage;
  actor: string;
  role: Role;
  comment: string | null;
  at: Date;
}

export type StageMoveResult = { ok: true; next: { stage: Stage }; event: StageEventDraft } | Failure;

/** Moves an application by hand. Never throws: a refusal comes back as `{ ok: false, code, message }`. */
export function moveStage(stage: Stage, move: StageMove, context: StageMoveContext): StageMoveResult {
  const rule = MOVE_RULES[move];
  if (context.role !== rule.role) {
    return fail('ROLE_NOT_ALLOWED', `Only ${rule.role} may ${words(move)}, not ${context.role}`);
  }
  if (!rule.from.includes(stage)) {
    return fail('ACTION_NOT_ALLOWED', `Cannot ${words(move)} an application in stage ${words(stage)}`);
  }
  const actor = context.actor.trim();
  if (actor === '') return fail('ACTOR_REQUIRED', 'The acting user is required');
  if (!isValidDate(context.now)) return fail('INVALID_DATE', 'The time of the move is not a valid date');
  const reason = cleanReason(context.reason);
  if (rule.reasonRequired && reason === null) {
    return fail('REASON_REQUIRED', `A reason is required to ${words(move)}`);
  }
  let to = rule.to;
  if (to === null) {
    const resumeTo = context.resumeTo ?? null;
    if (resumeTo === null || !isActiveStage(resumeTo)) {
      return fail(
        'RESUME_STAGE_REQUIRED',
        'Resuming needs the active stage the application was suspended from',
      );
    }
    to = resumeTo;
  }
  return {
    ok: true,
    next: { stage: to },
    event: { move, from: stage, to, actor, role: context.role, comment: reason, at: context.now },
  };
}
