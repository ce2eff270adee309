import type { CheckStatus, Onboarding, Stage } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { journeyOf, stepStateOf } from './journey';

const check = (status: CheckStatus) => ({
  status,
  attempt: 1,
  submittedAt: null,
  slaDueAt: null,
  reason: null,
  decidedAt: null,
});

function application(
  stage: Stage,
  legitimacy?: CheckStatus,
  contractual?: CheckStatus,
  financial?: CheckStatus,
) {
  return {
    organisation: { id: 'o', obpNumber: 'C00001', stage, version: 1, orgTypeLocked: false },
    checks: {
      LEGITIMACY: legitimacy ? check(legitimacy) : null,
      CONTRACTUAL: contractual ? check(contractual) : null,
      FINANCIAL: financial ? check(financial) : null,
    },
  } satisfies Pick<Onboarding, 'organisation' | 'checks'>;
}

const summary = (input: ReturnType<typeof application>) =>
  journeyOf(input).map(({ step, status, current }) => `${step}:${status}${current ? '*' : ''}`);

describe('journeyOf (domain.md "Life of an application")', () => {
  it.each([
    [
      'registered: legitimacy to do, the rest locked',
      application('REGISTERED'),
      ['LEGITIMACY:NOT_SUBMITTED*', 'CONTRACTUAL:LOCKED', 'FINANCIAL:LOCKED', 'TECHNICAL:LOCKED'],
    ],
    [
      'in review: still locked after it',
      application('INFORMATION', 'IN_REVIEW'),
      ['LEGITIMACY:IN_REVIEW*', 'CONTRACTUAL:LOCKED', 'FINANCIAL:LOCKED', 'TECHNICAL:LOCKED'],
    ],
    [
      'rejected: the rest stays locked',
      application('INFORMATION', 'REJECTED'),
      ['LEGITIMACY:REJECTED*', 'CONTRACTUAL:LOCKED', 'FINANCIAL:LOCKED', 'TECHNICAL:LOCKED'],
    ],
    [
      'temporarily approved opens the agreement and the invoicing form',
      application('APPROVALS', 'TEMPORARILY_APPROVED'),
      [
        'LEGITIMACY:TEMPORARILY_APPROVED',
        'CONTRACTUAL:NOT_SUBMITTED*',
        'FINANCIAL:NOT_SUBMITTED',
        'TECHNICAL:LOCKED',
      ],
    ],
    [
      'agreement approved: the invoicing form is current',
      application('APPROVALS', 'APPROVED', 'APPROVED', 'SUBMITTED'),
      ['LEGITIMACY:APPROVED', 'CONTRACTUAL:APPROVED', 'FINANCIAL:SUBMITTED*', 'TECHNICAL:LOCKED'],
    ],
    [
      'technical stages: the technical step, by stage',
      application('TECHNICAL_PRD', 'APPROVED', 'APPROVED', 'APPROVED'),
      ['LEGITIMACY:APPROVED', 'CONTRACTUAL:APPROVED', 'FINANCIAL:APPROVED', 'TECHNICAL:TECHNICAL_PRD*'],
    ],
    [
      'suspended: no current step',
      application('SUSPENDED', 'SUBMITTED'),
      ['LEGITIMACY:SUBMITTED', 'CONTRACTUAL:LOCKED', 'FINANCIAL:LOCKED', 'TECHNICAL:LOCKED'],
    ],
  ])('%s', (_rule, input, expected) => {
    expect(summary(input)).toEqual(expected);
  });
});

describe('stepStateOf: what the stepper says of a step', () => {
  it.each([
    ['TECHNICAL_IQE', 'ACTION_NEEDED'],
    ['TECHNICAL_PRD', 'LIVE'],
    ['MAINTENANCE', 'LIVE'],
    ['APPROVED', 'DONE'],
    ['CORRECTIONS_REQUESTED', 'ACTION_NEEDED'],
    ['IN_REVIEW', 'IN_REVIEW'],
  ] as const)('%s: %s', (status, state) => {
    expect(stepStateOf(status)).toBe(state);
  });
});
