import { describe, expect, it } from 'vitest';
import {
  allowedActions,
  type CheckAction,
  type CheckActorRole,
  type CheckInput,
  type CheckRules,
  type CheckType,
  decide,
  initialCheck,
  isReasonRequired,
  isTopUpRejection,
  SYSTEM_ACTOR,
  statusesBefore,
} from './checks.js';
import type { CheckStatus } from './enums.js';
import type { DomainErrorCode } from './result.js';

const NOW = new Date('2026-03-02T09:30:00.000Z'); // a Monday
const check = (type: CheckType, status: CheckStatus, extra: Partial<CheckInput> = {}): CheckInput => ({
  ...initialCheck(type),
  status,
  ...extra,
});
const as = (role: CheckActorRole, extra: Partial<Parameters<typeof decide>[2]> = {}) => ({
  role,
  actor: role === 'EXTERNAL' ? 'user-ext' : 'reviewer-1',
  reason: 'see the comment',
  now: NOW,
  ...extra,
});

describe('domain.md: what a check becomes', () => {
  it.each<[string, CheckInput, CheckAction, CheckActorRole, CheckRules, CheckStatus, number]>([
    [
      'the company submits its legitimacy data: attempt 1',
      check('LEGITIMACY', 'NOT_SUBMITTED'),
      'SUBMIT',
      'EXTERNAL',
      {},
      'SUBMITTED',
      1,
    ],
    [
      'a reviewer starts a submitted check',
      check('LEGITIMACY', 'SUBMITTED'),
      'START',
      'EMVO',
      {},
      'IN_REVIEW',
      1,
    ],
    [
      'a reviewer approves a check in review',
      check('LEGITIMACY', 'IN_REVIEW'),
      'APPROVE',
      'EMVO',
      {},
      'APPROVED',
      1,
    ],
    [
      'a reviewer approves legitimacy temporarily in a test environment',
      check('LEGITIMACY', 'IN_REVIEW'),
      'APPROVE_TEMPORARILY',
      'EMVO',
      { testEnvironment: true },
      'TEMPORARILY_APPROVED',
      1,
    ],
    [
      'a reviewer requests corrections',
      check('LEGITIMACY', 'IN_REVIEW'),
      'REQUEST_CORRECTIONS',
      'EMVO',
      {},
      'CORRECTIONS_REQUESTED',
      1,
    ],
    [
      'a reviewer rejects a check in review',
      check('LEGITIMACY', 'IN_REVIEW'),
      'REJECT',
      'EMVO',
      {},
      'REJECTED',
      1,
    ],
    [
      'resubmission after corrections counts a new attempt',
      check('LEGITIMACY', 'CORRECTIONS_REQUESTED', { attempt: 2 }),
      'SUBMIT',
      'EXTERNAL',
      {},
      'SUBMITTED',
      3,
    ],
    [
      'a temporary approval is finalised as approved',
      check('LEGITIMACY', 'TEMPORARILY_APPROVED'),
      'APPROVE',
      'EMVO',
      {},
      'APPROVED',
      1,
    ],
    [
      'a temporary approval is finalised as rejected',
      check('LEGITIMACY', 'TEMPORARILY_APPROVED'),
      'REJECT',
      'EMVO',
      {},
      'REJECTED',
      1,
    ],
    [
      'the company uploads its signed agreement',
      check('CONTRACTUAL', 'NOT_SUBMITTED'),
      'SUBMIT',
      'EXTERNAL',
      {},
      'SUBMITTED',
      1,
    ],
    [
      'a reviewer approves the agreement',
      check('CONTRACTUAL', 'IN_REVIEW'),
      'APPROVE',
      'EMVO',
      {},
      'APPROVED',
      1,
    ],
    [
      'a reviewer sends an agreement back for corrections',
      check('CONTRACTUAL', 'IN_REVIEW'),
      'REQUEST_CORRECTIONS',
      'EMVO',
      {},
      'CORRECTIONS_REQUESTED',
      1,
    ],
    [
      'a reviewer rejects the invoicing form',
      check('FINANCIAL', 'IN_REVIEW'),
      'REJECT',
      'EMVO',
      {},
      'REJECTED',
      1,
    ],
    [
      'more active MAHs than the approved form declares send it back to rejected',
      check('FINANCIAL', 'APPROVED'),
      'TOP_UP_REQUIRED',
      'SYSTEM',
      { mahCounts: { declared: 2, active: 3 } },
      'REJECTED',
      1,
    ],
    [
      'after a top-up rejection the company files a new invoicing form',
      check('FINANCIAL', 'REJECTED', { decidedBy: SYSTEM_ACTOR }),
      'SUBMIT',
      'EXTERNAL',
      {},
      'SUBMITTED',
      2,
    ],
    [
      'a new agreement template asks the company to sign again',
      check('CONTRACTUAL', 'APPROVED'),
      'TEMPLATE_CHANGED',
      'SYSTEM',
      {},
      'NOT_SUBMITTED',
      1,
    ],
  ])('%s', (_rule, given, action, role, rules, status, attempt) => {
    const result = decide(given, action, { ...as(role), ...rules });
    expect(result).toMatchObject({
      ok: true,
      next: { status, attempt },
      event: { action, from: given.status, to: status },
    });
  });
});

describe('domain.md: what is refused, with a stable code', () => {
  it.each<
    [string, CheckInput, CheckAction, CheckActorRole, Partial<Parameters<typeof decide>[2]>, DomainErrorCode]
  >([
    [
      'a company cannot start a review',
      check('LEGITIMACY', 'SUBMITTED'),
      'START',
      'EXTERNAL',
      {},
      'ROLE_NOT_ALLOWED',
    ],
    [
      'a reviewer cannot submit for the company',
      check('LEGITIMACY', 'NOT_SUBMITTED'),
      'SUBMIT',
      'EMVO',
      {},
      'ROLE_NOT_ALLOWED',
    ],
    [
      'an administrator does not review checks',
      check('LEGITIMACY', 'IN_REVIEW'),
      'APPROVE',
      'ADMIN',
      {},
      'ROLE_NOT_ALLOWED',
    ],
    [
      'a reviewer cannot decide a check not yet started',
      check('LEGITIMACY', 'SUBMITTED'),
      'APPROVE',
      'EMVO',
      {},
      'ACTION_NOT_ALLOWED',
    ],
    [
      'a check in review cannot be submitted again',
      check('LEGITIMACY', 'IN_REVIEW'),
      'SUBMIT',
      'EXTERNAL',
      {},
      'ACTION_NOT_ALLOWED',
    ],
    [
      'a rejected check is final: no resubmission',
      check('LEGITIMACY', 'REJECTED'),
      'SUBMIT',
      'EXTERNAL',
      {},
      'ACTION_NOT_ALLOWED',
    ],
    [
      'an invoicing form rejected by a reviewer is final too',
      check('FINANCIAL', 'REJECTED', { decidedBy: 'reviewer-1' }),
      'SUBMIT',
      'EXTERNAL',
      {},
      'ACTION_NOT_ALLOWED',
    ],
    [
      'temporary approval is for test environments only',
      check('LEGITIMACY', 'IN_REVIEW'),
      'APPROVE_TEMPORARILY',
      'EMVO',
      { testEnvironment: false },
      'TEST_ENVIRONMENT_ONLY',
    ],
    [
      'temporary approval is refused when the environment is not said',
      check('LEGITIMACY', 'IN_REVIEW'),
      'APPROVE_TEMPORARILY',
      'EMVO',
      {},
      'TEST_ENVIRONMENT_ONLY',
    ],
    [
      'the agreement is never approved temporarily',
      check('CONTRACTUAL', 'IN_REVIEW'),
      'APPROVE_TEMPORARILY',
      'EMVO',
      { testEnvironment: true },
      'ACTION_NOT_ALLOWED',
    ],
    [
      'the invoicing form is never approved temporarily',
      check('FINANCIAL', 'IN_REVIEW'),
      'APPROVE_TEMPORARILY',
      'EMVO',
      { testEnvironment: true },
      'ACTION_NOT_ALLOWED',
    ],
    [
      'rejecting needs a reason',
      check('LEGITIMACY', 'IN_REVIEW'),
      'REJECT',
      'EMVO',
      { reason: '   ' },
      'REASON_REQUIRED',
    ],
    [
      'requesting corrections needs a reason',
      check('CONTRACTUAL', 'IN_REVIEW'),
      'REQUEST_CORRECTIONS',
      'EMVO',
      { reason: null },
      'REASON_REQUIRED',
    ],
    [
      'approving temporarily needs a reason',
      check('LEGITIMACY', 'IN_REVIEW'),
      'APPROVE_TEMPORARILY',
      'EMVO',
      { testEnvironment: true, reason: '' },
      'REASON_REQUIRED',
    ],
    [
      'a decision needs an actor',
      check('LEGITIMACY', 'IN_REVIEW'),
      'APPROVE',
      'EMVO',
      { actor: ' ' },
      'ACTOR_REQUIRED',
    ],
    [
      'a decision needs a valid time',
      check('LEGITIMACY', 'IN_REVIEW'),
      'APPROVE',
      'EMVO',
      { now: new Date(Number.NaN) },
      'INVALID_DATE',
    ],
    [
      'a submission needs a real time: past year 9999 its SLA would leave the range of dates',
      check('LEGITIMACY', 'NOT_SUBMITTED'),
      'SUBMIT',
      'EXTERNAL',
      { now: new Date('+275760-08-25T00:00:00.000Z') },
      'INVALID_DATE',
    ],
    [
      'no top-up while active MAHs ≤ declared',
      check('FINANCIAL', 'APPROVED'),
      'TOP_UP_REQUIRED',
      'SYSTEM',
      { mahCounts: { declared: 3, active: 3 } },
      'TOP_UP_NOT_REQUIRED',
    ],
    [
      'a top-up needs the MAH counts',
      check('FINANCIAL', 'APPROVED'),
      'TOP_UP_REQUIRED',
      'SYSTEM',
      {},
      'INVALID_MAH_COUNT',
    ],
    [
      'a top-up refuses a negative count without throwing',
      check('FINANCIAL', 'APPROVED'),
      'TOP_UP_REQUIRED',
      'SYSTEM',
      { mahCounts: { declared: -1, active: 3 } },
      'INVALID_MAH_COUNT',
    ],
    [
      'only an approved invoicing form needs a top-up',
      check('FINANCIAL', 'IN_REVIEW'),
      'TOP_UP_REQUIRED',
      'SYSTEM',
      { mahCounts: { declared: 1, active: 3 } },
      'ACTION_NOT_ALLOWED',
    ],
    [
      'a rejected agreement stays rejected on a new template',
      check('CONTRACTUAL', 'REJECTED'),
      'TEMPLATE_CHANGED',
      'SYSTEM',
      {},
      'ACTION_NOT_ALLOWED',
    ],
    [
      'a reviewer cannot trigger the top-up',
      check('FINANCIAL', 'APPROVED'),
      'TOP_UP_REQUIRED',
      'EMVO',
      { mahCounts: { declared: 1, active: 3 } },
      'ROLE_NOT_ALLOWED',
    ],
  ])('%s', (_rule, given, action, role, extra, code) => {
    const result = decide(given, action, { ...as(role), ...extra });
    expect(result).toMatchObject({ ok: false, code });
    expect(result.ok || result.message.length > 0).toBe(true);
  });
});

describe('domain.md: reasons', () => {
  it.each<[CheckAction, boolean]>([
    ['APPROVE', false],
    ['APPROVE_TEMPORARILY', true],
    ['REQUEST_CORRECTIONS', true],
    ['REJECT', true],
    ['SUBMIT', false],
    ['START', false],
  ])('%s requires a reason: %s', (action, required) => {
    expect(isReasonRequired(action)).toBe(required);
  });

  it('approving needs no reason, and a given one is kept trimmed', () => {
    const without = decide(check('LEGITIMACY', 'IN_REVIEW'), 'APPROVE', { ...as('EMVO'), reason: undefined });
    const withReason = decide(check('LEGITIMACY', 'IN_REVIEW'), 'APPROVE', {
      ...as('EMVO'),
      reason: '  all good ',
    });
    expect(without).toMatchObject({ ok: true, next: { reason: null }, event: { comment: null } });
    expect(withReason).toMatchObject({
      ok: true,
      next: { reason: 'all good' },
      event: { comment: 'all good' },
    });
  });

  it('the system writes its own reason for a top-up, with the amount', () => {
    const result = decide(check('FINANCIAL', 'APPROVED'), 'TOP_UP_REQUIRED', {
      ...as('SYSTEM'),
      reason: null,
      mahCounts: { declared: 2, active: 3 },
    });
    expect(result).toMatchObject({
      ok: true,
      next: { decidedBy: SYSTEM_ACTOR, reason: expect.stringContaining('450000 EUR cents') },
      event: { actor: SYSTEM_ACTOR, role: 'SYSTEM' },
    });
  });
});

describe('what the record and the event carry', () => {
  it('a submission sets submittedAt and the 15-working-day legitimacy SLA, and clears the last decision', () => {
    const given = check('LEGITIMACY', 'CORRECTIONS_REQUESTED', {
      attempt: 1,
      submittedAt: new Date('2026-01-05T08:00:00Z'),
      slaDueAt: new Date('2026-01-26T08:00:00Z'),
      decidedAt: new Date('2026-01-10T08:00:00Z'),
      decidedBy: 'reviewer-1',
      reason: 'the proof is unreadable',
    });
    const result = decide(given, 'SUBMIT', { ...as('EXTERNAL'), reason: null });
    expect(result).toMatchObject({
      ok: true,
      next: {
        status: 'SUBMITTED',
        attempt: 2,
        submittedAt: NOW,
        // Monday 2 March + 15 working days = Monday 23 March, same time of day.
        slaDueAt: new Date('2026-03-23T09:30:00.000Z'),
        decidedAt: null,
        decidedBy: null,
        reason: null,
      },
      event: { from: 'CORRECTIONS_REQUESTED', to: 'SUBMITTED', actor: 'user-ext', role: 'EXTERNAL', at: NOW },
    });
  });

  it('the SLA skips the given holidays', () => {
    const result = decide(check('LEGITIMACY', 'NOT_SUBMITTED'), 'SUBMIT', {
      ...as('EXTERNAL'),
      holidays: ['2026-03-03'],
    });
    expect(result).toMatchObject({ ok: true, next: { slaDueAt: new Date('2026-03-24T09:30:00.000Z') } });
  });

  it.each<[CheckType]>([['CONTRACTUAL'], ['FINANCIAL']])('the %s check has no SLA', (type) => {
    expect(decide(check(type, 'NOT_SUBMITTED'), 'SUBMIT', as('EXTERNAL'))).toMatchObject({
      ok: true,
      next: { slaDueAt: null },
    });
  });

  it('starting assigns the check to the reviewer who starts it', () => {
    expect(decide(check('FINANCIAL', 'SUBMITTED'), 'START', as('EMVO'))).toMatchObject({
      ok: true,
      next: { assignee: 'reviewer-1', status: 'IN_REVIEW' },
    });
  });

  it('any reviewer may decide, the assignee stays and decidedBy names who decided', () => {
    const given = check('LEGITIMACY', 'IN_REVIEW', { assignee: 'reviewer-1' });
    const result = decide(given, 'REJECT', {
      ...as('EMVO'),
      actor: 'reviewer-2',
      reason: 'not a pharma company',
    });
    expect(result).toMatchObject({
      ok: true,
      next: {
        assignee: 'reviewer-1',
        decidedBy: 'reviewer-2',
        decidedAt: NOW,
        reason: 'not a pharma company',
      },
    });
  });

  it('does not change the given check', () => {
    const given = check('LEGITIMACY', 'SUBMITTED');
    const copy = structuredClone(given);
    decide(given, 'START', as('EMVO'));
    expect(given).toEqual(copy);
  });
});

describe('allowedActions: the buttons the SPA shows', () => {
  it.each<[string, CheckInput, CheckActorRole, CheckRules, CheckAction[]]>([
    ['a company may submit a fresh check', check('LEGITIMACY', 'NOT_SUBMITTED'), 'EXTERNAL', {}, ['SUBMIT']],
    [
      'a company may do nothing while the check is reviewed',
      check('LEGITIMACY', 'IN_REVIEW'),
      'EXTERNAL',
      {},
      [],
    ],
    ['a reviewer may start a submitted check', check('CONTRACTUAL', 'SUBMITTED'), 'EMVO', {}, ['START']],
    [
      'a reviewer deciding legitimacy in production',
      check('LEGITIMACY', 'IN_REVIEW'),
      'EMVO',
      { testEnvironment: false },
      ['APPROVE', 'REQUEST_CORRECTIONS', 'REJECT'],
    ],
    [
      'a reviewer deciding legitimacy in a test environment',
      check('LEGITIMACY', 'IN_REVIEW'),
      'EMVO',
      { testEnvironment: true },
      ['APPROVE', 'APPROVE_TEMPORARILY', 'REQUEST_CORRECTIONS', 'REJECT'],
    ],
    [
      'a reviewer deciding the invoicing form, even in a test environment',
      check('FINANCIAL', 'IN_REVIEW'),
      'EMVO',
      { testEnvironment: true },
      ['APPROVE', 'REQUEST_CORRECTIONS', 'REJECT'],
    ],
    [
      'a reviewer finalising a temporary approval',
      check('LEGITIMACY', 'TEMPORARILY_APPROVED'),
      'EMVO',
      {},
      ['APPROVE', 'REJECT'],
    ],
    ['nobody acts on a rejected legitimacy check', check('LEGITIMACY', 'REJECTED'), 'EXTERNAL', {}, []],
    [
      'an administrator never decides checks',
      check('LEGITIMACY', 'IN_REVIEW'),
      'ADMIN',
      { testEnvironment: true },
      [],
    ],
  ])('%s', (_rule, given, role, rules, expected) => {
    expect(allowedActions(given, role, rules)).toEqual(expected);
  });
});

describe('helpers', () => {
  it('a top-up rejection is a financial check rejected by the system', () => {
    expect(isTopUpRejection(check('FINANCIAL', 'REJECTED', { decidedBy: SYSTEM_ACTOR }))).toBe(true);
    expect(isTopUpRejection(check('FINANCIAL', 'REJECTED', { decidedBy: 'reviewer-1' }))).toBe(false);
    expect(isTopUpRejection(check('CONTRACTUAL', 'REJECTED', { decidedBy: SYSTEM_ACTOR }))).toBe(false);
  });

  it('a new template sends back exactly the pending or approved agreements', () => {
    expect(statusesBefore('TEMPLATE_CHANGED')).toEqual([
      'SUBMITTED',
      'IN_REVIEW',
      'CORRECTIONS_REQUESTED',
      'APPROVED',
    ]);
    for (const status of statusesBefore('TEMPLATE_CHANGED')) {
      expect(allowedActions(check('CONTRACTUAL', status), 'SYSTEM')).toContain('TEMPLATE_CHANGED');
    }
  });
});
