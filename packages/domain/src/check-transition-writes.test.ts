import { describe, expect, it } from 'vitest';
import { checkRecordOf, checkTransitionWrites } from './check-transition-writes.js';
import { decide, initialCheck } from './checks.js';

const NOW = new Date('2026-03-02T09:30:00.000Z');
const organisation = {
  id: 'org-1',
  stage: 'INFORMATION' as const,
  legitimacyStatus: 'IN_REVIEW' as const,
  contractualStatus: 'NOT_SUBMITTED' as const,
  financialStatus: 'NOT_SUBMITTED' as const,
};

describe('checkRecordOf', () => {
  it('reads a stored check whose dates are ISO strings or Dates (the database) alike', () => {
    const stored = { ...initialCheck('LEGITIMACY'), status: 'SUBMITTED' as const, attempt: 1 };
    const fromJson = checkRecordOf({ ...stored, submittedAt: NOW.toISOString(), id: 'c1' } as never);
    expect(fromJson).toEqual(checkRecordOf({ ...stored, submittedAt: NOW }));
    expect(fromJson.submittedAt).toEqual(NOW);
    expect(fromJson).not.toHaveProperty('id');
  });
});

describe('checkTransitionWrites', () => {
  const inReview = { ...initialCheck('LEGITIMACY'), status: 'IN_REVIEW' as const, attempt: 1 };
  const approved = decide(inReview, 'APPROVE', { role: 'EMVO', actor: 'rita@emvo.test', now: NOW });
  if (!approved.ok) throw new Error(approved.message);

  it("writes the check, its event, the organisation's status copy and stage, and the audit row", () => {
    const writes = checkTransitionWrites(organisation, { type: 'LEGITIMACY', ...approved });
    expect(writes.check).toMatchObject({ status: 'APPROVED', decidedAt: NOW, decidedBy: 'rita@emvo.test' });
    expect(writes.event).toEqual({
      fromStatus: 'IN_REVIEW',
      toStatus: 'APPROVED',
      actor: 'rita@emvo.test',
      role: 'EMVO',
      comment: null,
      at: NOW,
    });
    // domain.md: legitimacy approved moves the application to APPROVALS.
    expect(writes.stage).toBe('APPROVALS');
    expect(writes.organisation).toEqual({
      legitimacyStatus: 'APPROVED',
      submittedAt: approved.next.submittedAt,
      stage: 'APPROVALS',
    });
    expect(writes.audit).toMatchObject({
      action: 'APPROVE',
      entity: 'check',
      diff: { organisationId: 'org-1', type: 'LEGITIMACY', stage: { from: 'INFORMATION', to: 'APPROVALS' } },
    });
  });

  it("sets the organisation's submittedAt for legitimacy only", () => {
    const contractual = { ...inReview, type: 'CONTRACTUAL' as const };
    const decided = decide(contractual, 'APPROVE', { role: 'EMVO', actor: 'rita@emvo.test', now: NOW });
    if (!decided.ok) throw new Error(decided.message);
    const writes = checkTransitionWrites(
      { ...organisation, legitimacyStatus: 'APPROVED', stage: 'APPROVALS' },
      { type: 'CONTRACTUAL', ...decided },
    );
    expect(writes.organisation).toEqual({ contractualStatus: 'APPROVED', stage: 'APPROVALS' });
  });
});
