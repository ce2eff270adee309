import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CheckType, SYSTEM_ACTOR } from './checks.js';
import { type CheckStatus, ROLES, type Role, STAGES, type Stage } from './enums.js';
import { DOMAIN_ERROR_CODES, type DomainErrorCode } from './result.js';
import {
  allowedStageMoves,
  canSubmit,
  moveStage,
  type OrganisationProgress,
  progressOf,
  STAGE_MOVES,
  type StageMove,
  stageAfterChecks,
  stageEarnedByChecks,
  stepLockedMessage,
} from './stages.js';

const NOW = new Date('2026-03-02T09:30:00.000Z');
const org = (
  stage: Stage,
  legitimacyStatus: CheckStatus,
  contractualStatus: CheckStatus = 'NOT_SUBMITTED',
  financialStatus: CheckStatus = 'NOT_SUBMITTED',
  financialDecidedBy: string | null = null,
): OrganisationProgress => ({
  stage,
  legitimacyStatus,
  contractualStatus,
  financialStatus,
  financialDecidedBy,
});

describe('domain.md: the stage the checks lead to', () => {
  it.each<[string, OrganisationProgress, Stage]>([
    [
      'a registered company stays registered until it submits',
      org('REGISTERED', 'NOT_SUBMITTED'),
      'REGISTERED',
    ],
    ['submitting legitimacy moves REGISTERED to INFORMATION', org('REGISTERED', 'SUBMITTED'), 'INFORMATION'],
    ['a legitimacy check in review keeps INFORMATION', org('INFORMATION', 'IN_REVIEW'), 'INFORMATION'],
    ['legitimacy approved moves to APPROVALS', org('INFORMATION', 'APPROVED'), 'APPROVALS'],
    [
      'legitimacy temporarily approved moves to APPROVALS',
      org('INFORMATION', 'TEMPORARILY_APPROVED'),
      'APPROVALS',
    ],
    ['the agreement alone is not enough', org('APPROVALS', 'APPROVED', 'APPROVED', 'IN_REVIEW'), 'APPROVALS'],
    [
      'agreement and invoicing form approved move to TECHNICAL_IQE',
      org('APPROVALS', 'APPROVED', 'APPROVED', 'APPROVED'),
      'TECHNICAL_IQE',
    ],
    [
      'also with legitimacy only temporarily approved',
      org('APPROVALS', 'TEMPORARILY_APPROVED', 'APPROVED', 'APPROVED'),
      'TECHNICAL_IQE',
    ],
    [
      'the checks can be approved in one go, from REGISTERED',
      org('REGISTERED', 'APPROVED', 'APPROVED', 'APPROVED'),
      'TECHNICAL_IQE',
    ],
    [
      'automatic moves never go back: a top-up leaves TECHNICAL_IQE',
      org('TECHNICAL_IQE', 'APPROVED', 'APPROVED', 'REJECTED'),
      'TECHNICAL_IQE',
    ],
    [
      'a temporary approval finalised as rejected leaves APPROVALS',
      org('APPROVALS', 'REJECTED'),
      'APPROVALS',
    ],
    [
      'production is a reviewer’s move, never automatic',
      org('TECHNICAL_PRD', 'APPROVED', 'APPROVED', 'APPROVED'),
      'TECHNICAL_PRD',
    ],
    [
      'a suspended application stays suspended',
      org('SUSPENDED', 'APPROVED', 'APPROVED', 'APPROVED'),
      'SUSPENDED',
    ],
    ['a withdrawn application stays withdrawn', org('WITHDRAWN', 'SUBMITTED'), 'WITHDRAWN'],
  ])('%s', (_rule, organisation, expected) => {
    expect(stageAfterChecks(organisation)).toBe(expected);
  });

  it('the earned stage alone, whatever the current one', () => {
    expect(stageEarnedByChecks(org('MAINTENANCE', 'CORRECTIONS_REQUESTED'))).toBe('INFORMATION');
  });
});

describe('domain.md: which checks a company may submit', () => {
  it.each<[string, CheckType, OrganisationProgress, boolean]>([
    ['legitimacy from REGISTERED', 'LEGITIMACY', org('REGISTERED', 'NOT_SUBMITTED'), true],
    [
      'legitimacy again after corrections, in INFORMATION',
      'LEGITIMACY',
      org('INFORMATION', 'CORRECTIONS_REQUESTED'),
      true,
    ],
    ['not legitimacy while it is reviewed', 'LEGITIMACY', org('INFORMATION', 'IN_REVIEW'), false],
    ['not legitimacy once rejected', 'LEGITIMACY', org('INFORMATION', 'REJECTED'), false],
    [
      'not the agreement before legitimacy is approved',
      'CONTRACTUAL',
      org('INFORMATION', 'IN_REVIEW'),
      false,
    ],
    ['the agreement once legitimacy is approved', 'CONTRACTUAL', org('APPROVALS', 'APPROVED'), true],
    [
      'the invoicing form once legitimacy is temporarily approved',
      'FINANCIAL',
      org('APPROVALS', 'TEMPORARILY_APPROVED'),
      true,
    ],
    [
      'not the agreement when the temporary approval was rejected',
      'CONTRACTUAL',
      org('APPROVALS', 'REJECTED'),
      false,
    ],
    ['not an approved agreement again', 'CONTRACTUAL', org('APPROVALS', 'APPROVED', 'APPROVED'), false],
    [
      'a new invoicing form after a top-up, even in TECHNICAL_IQE',
      'FINANCIAL',
      org('TECHNICAL_IQE', 'APPROVED', 'APPROVED', 'REJECTED', SYSTEM_ACTOR),
      true,
    ],
    [
      'not an invoicing form a reviewer rejected',
      'FINANCIAL',
      org('APPROVALS', 'APPROVED', 'APPROVED', 'REJECTED', 'reviewer-1'),
      false,
    ],
    [
      'the agreement again after a new template, in MAINTENANCE',
      'CONTRACTUAL',
      org('MAINTENANCE', 'APPROVED', 'NOT_SUBMITTED', 'APPROVED'),
      true,
    ],
    ['nothing while suspended', 'CONTRACTUAL', org('SUSPENDED', 'APPROVED'), false],
    ['nothing once withdrawn', 'LEGITIMACY', org('WITHDRAWN', 'NOT_SUBMITTED'), false],
  ])('%s', (_rule, type, organisation, expected) => {
    expect(canSubmit(type, organisation)).toBe(expected);
  });
});

describe('domain.md: moves by hand', () => {
  it.each<[string, Stage, Role, StageMove[]]>([
    ['a reviewer moves an IQE company to production', 'TECHNICAL_IQE', 'EMVO', ['MOVE_TO_PRODUCTION']],
    [
      'a reviewer moves a production company to maintenance',
      'TECHNICAL_PRD',
      'EMVO',
      ['MOVE_TO_MAINTENANCE'],
    ],
    ['a reviewer has no move in APPROVALS (the checks move it)', 'APPROVALS', 'EMVO', []],
    ['an admin suspends or withdraws an active application', 'INFORMATION', 'ADMIN', ['SUSPEND', 'WITHDRAW']],
    ['an admin resumes or withdraws a suspended one', 'SUSPENDED', 'ADMIN', ['RESUME', 'WITHDRAW']],
    ['withdrawn is final', 'WITHDRAWN', 'ADMIN', []],
    ['a company moves nothing by hand', 'TECHNICAL_IQE', 'EXTERNAL', []],
  ])('%s', (_rule, stage, role, expected) => {
    expect(allowedStageMoves(stage, role)).toEqual(expected);
  });

  it.each<[string, Stage, StageMove, Role, string | null, Stage | null, Stage]>([
    ['to production', 'TECHNICAL_IQE', 'MOVE_TO_PRODUCTION', 'EMVO', null, null, 'TECHNICAL_PRD'],
    ['to maintenance', 'TECHNICAL_PRD', 'MOVE_TO_MAINTENANCE', 'EMVO', null, null, 'MAINTENANCE'],
    ['suspended with a reason', 'APPROVALS', 'SUSPEND', 'ADMIN', 'unpaid invoice', null, 'SUSPENDED'],
    [
      'resumed to the stage it was suspended from',
      'SUSPENDED',
      'RESUME',
      'ADMIN',
      null,
      'APPROVALS',
      'APPROVALS',
    ],
    ['withdrawn with a reason', 'MAINTENANCE', 'WITHDRAW', 'ADMIN', 'company closed', null, 'WITHDRAWN'],
  ])('%s', (_rule, stage, move, role, reason, resumeTo, to) => {
    const result = moveStage(stage, move, { role, actor: 'user-1', reason, now: NOW, resumeTo });
    expect(result).toEqual({
      ok: true,
      next: { stage: to },
      event: { move, from: stage, to, actor: 'user-1', role, comment: reason, at: NOW },
    });
  });

  it.each<[string, Stage, StageMove, Role, string | null, Stage | null, DomainErrorCode]>([
    [
      'an admin does not move to production',
      'TECHNICAL_IQE',
      'MOVE_TO_PRODUCTION',
      'ADMIN',
      null,
      null,
      'ROLE_NOT_ALLOWED',
    ],
    ['a reviewer does not suspend', 'APPROVALS', 'SUSPEND', 'EMVO', 'x', null, 'ROLE_NOT_ALLOWED'],
    [
      'production only from TECHNICAL_IQE',
      'APPROVALS',
      'MOVE_TO_PRODUCTION',
      'EMVO',
      null,
      null,
      'ACTION_NOT_ALLOWED',
    ],
    ['suspending needs a reason', 'APPROVALS', 'SUSPEND', 'ADMIN', ' ', null, 'REASON_REQUIRED'],
    ['withdrawing needs a reason', 'SUSPENDED', 'WITHDRAW', 'ADMIN', null, null, 'REASON_REQUIRED'],
    [
      'resuming needs the stage to go back to',
      'SUSPENDED',
      'RESUME',
      'ADMIN',
      null,
      null,
      'RESUME_STAGE_REQUIRED',
    ],
    [
      'resuming never goes to WITHDRAWN',
      'SUSPENDED',
      'RESUME',
      'ADMIN',
      null,
      'WITHDRAWN',
      'RESUME_STAGE_REQUIRED',
    ],
    [
      'a suspended application is not suspended twice',
      'SUSPENDED',
      'SUSPEND',
      'ADMIN',
      'x',
      null,
      'ACTION_NOT_ALLOWED',
    ],
    [
      'a withdrawn application never resumes',
      'WITHDRAWN',
      'RESUME',
      'ADMIN',
      null,
      'APPROVALS',
      'ACTION_NOT_ALLOWED',
    ],
  ])('refused: %s', (_rule, stage, move, role, reason, resumeTo, code) => {
    expect(moveStage(stage, move, { role, actor: 'user-1', reason, now: NOW, resumeTo })).toMatchObject({
      ok: false,
      code,
    });
  });

  it('every listed move succeeds and every other one fails with a stable code', () => {
    fc.assert(
      fc.property(fc.constantFrom(...STAGES), fc.constantFrom(...ROLES), (stage, role) => {
        const allowed = allowedStageMoves(stage, role);
        for (const move of STAGE_MOVES) {
          const result = moveStage(stage, move, {
            role,
            actor: 'u',
            reason: 'r',
            now: NOW,
            resumeTo: 'APPROVALS',
          });
          expect(result.ok).toBe(allowed.includes(move));
          if (!result.ok) expect(DOMAIN_ERROR_CODES).toContain(result.code);
        }
      }),
    );
  });
});

describe('the progress the rules read, and why a step is locked', () => {
  it("progressOf: a check's own status wins over the organisation's copy; the financial decidedBy comes along", () => {
    const organisation = {
      stage: 'APPROVALS' as const,
      legitimacyStatus: 'APPROVED' as const,
      contractualStatus: 'NOT_SUBMITTED' as const,
      financialStatus: 'APPROVED' as const,
    };
    expect(progressOf(organisation, {})).toEqual({ ...organisation, financialDecidedBy: null });
    expect(
      progressOf(organisation, {
        CONTRACTUAL: { status: 'SUBMITTED', decidedBy: null },
        FINANCIAL: { status: 'REJECTED', decidedBy: SYSTEM_ACTOR },
      }),
    ).toEqual({
      ...organisation,
      contractualStatus: 'SUBMITTED',
      financialStatus: 'REJECTED',
      financialDecidedBy: SYSTEM_ACTOR,
    });
  });

  it.each<[string, CheckType, OrganisationProgress, string | null]>([
    ['legitimacy before its first submission: open', 'LEGITIMACY', org('REGISTERED', 'NOT_SUBMITTED'), null],
    [
      'legitimacy submitted',
      'LEGITIMACY',
      org('INFORMATION', 'SUBMITTED'),
      'The legitimacy step cannot be changed now: its check is submitted (stage information)',
    ],
    ['the agreement after approval: open', 'CONTRACTUAL', org('APPROVALS', 'APPROVED'), null],
    [
      'the invoicing form before legitimacy is approved',
      'FINANCIAL',
      org('INFORMATION', 'IN_REVIEW'),
      'The financial step cannot be changed now: its check is not submitted, the legitimacy check in review (stage information)',
    ],
    [
      'the agreement in review',
      'CONTRACTUAL',
      org('TECHNICAL_IQE', 'APPROVED', 'IN_REVIEW'),
      'The contractual step cannot be changed now: its check is in review, the legitimacy check approved (stage technical iqe)',
    ],
  ])('stepLockedMessage: %s', (_case, type, progress, message) => {
    expect(stepLockedMessage(type, progress)).toBe(message);
  });

  it('stepLockedMessage is null exactly when the step may be submitted (canSubmit)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...STAGES),
        fc.constantFrom<CheckStatus>('NOT_SUBMITTED', 'SUBMITTED', 'APPROVED', 'CORRECTIONS_REQUESTED'),
        fc.constantFrom<CheckType>('LEGITIMACY', 'CONTRACTUAL', 'FINANCIAL'),
        (stage, status, type) => {
          const progress = org(stage, 'APPROVED', status, status);
          expect(stepLockedMessage(type, progress) === null).toBe(canSubmit(type, progress));
        },
      ),
    );
  });
});
