import { describe, expect, it } from 'vitest';
import type { CheckStatus, Stage } from './enums.js';
import { canEditMahRegister } from './mah-register.js';

const progress = (stage: Stage, legitimacyStatus: CheckStatus) => ({
  stage,
  legitimacyStatus,
  contractualStatus: 'NOT_SUBMITTED' as const,
  financialStatus: 'NOT_SUBMITTED' as const,
});

describe('the company keeps its MAH register itself once its legitimacy is approved', () => {
  it.each<[Stage, CheckStatus, boolean]>([
    ['REGISTERED', 'NOT_SUBMITTED', false],
    ['INFORMATION', 'IN_REVIEW', false],
    ['APPROVALS', 'APPROVED', true],
    ['APPROVALS', 'TEMPORARILY_APPROVED', true],
    ['APPROVALS', 'REJECTED', false],
    ['TECHNICAL_IQE', 'APPROVED', true],
    ['MAINTENANCE', 'APPROVED', true],
    ['SUSPENDED', 'APPROVED', false],
    ['WITHDRAWN', 'APPROVED', false],
  ])('%s with legitimacy %s: %s', (stage, legitimacy, allowed) => {
    expect(canEditMahRegister(progress(stage, legitimacy))).toBe(allowed);
  });
});
