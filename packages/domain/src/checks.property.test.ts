import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allowedActions,
  CHECK_ACTIONS,
  type CheckActorRole,
  type CheckRecord,
  type CheckRules,
  decide,
  initialCheck,
} from './checks.js';
import { CHECK_STATUSES, CHECK_TYPES } from './enums.js';
import { DOMAIN_ERROR_CODES } from './result.js';

const ROLES: readonly CheckActorRole[] = ['ADMIN', 'EMVO', 'EXTERNAL', 'SYSTEM'];
const START = new Date('2026-01-05T10:00:00.000Z');

const rules: fc.Arbitrary<CheckRules> = fc.record({
  testEnvironment: fc.boolean(),
  mahCounts: fc.record({ declared: fc.nat(20), active: fc.nat(20) }),
});

/** One step of a session: who acts, which of the allowed actions (by index), under which rules. */
const step = fc.record({ role: fc.constantFrom(...ROLES), pick: fc.nat(), rules });

const context = (role: CheckActorRole, stepRules: CheckRules, i: number) => ({
  ...stepRules,
  role,
  actor: `${role.toLowerCase()}-user`,
  reason: 'a reason',
  now: new Date(START.getTime() + i * 3_600_000),
});

describe('the check state machine, under any sequence of actions', () => {
  it('allowed actions succeed, never reach a status outside CHECK_STATUSES nor an attempt below 1', () => {
    fc.assert(
      fc.property(fc.constantFrom(...CHECK_TYPES), fc.array(step, { maxLength: 30 }), (type, steps) => {
        let current: CheckRecord = initialCheck(type);
        steps.forEach(({ role, pick, rules: stepRules }, i) => {
          const allowed = allowedActions(current, role, stepRules);
          const action = allowed[pick % Math.max(1, allowed.length)];
          if (action === undefined) return;
          const result = decide(current, action, context(role, stepRules, i));
          expect(result.ok).toBe(true);
          if (!result.ok) return;
          expect(CHECK_STATUSES).toContain(result.next.status);
          expect(result.next.attempt).toBeGreaterThanOrEqual(1);
          expect(result.event).toMatchObject({ from: current.status, to: result.next.status, action });
          current = result.next;
        });
      }),
    );
  });

  it('every action allowedActions leaves out fails with a stable code, and every one it lists succeeds', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CHECK_TYPES),
        fc.constantFrom(...CHECK_STATUSES),
        fc.integer({ min: 1, max: 9 }),
        fc.constantFrom<string | null>(null, 'reviewer-1', 'SYSTEM'),
        fc.constantFrom(...ROLES),
        rules,
        (type, status, attempt, decidedBy, role, stepRules) => {
          const given = { ...initialCheck(type), status, attempt, decidedBy };
          const allowed = allowedActions(given, role, stepRules);
          for (const action of CHECK_ACTIONS) {
            const result = decide(given, action, context(role, stepRules, 0));
            if (allowed.includes(action)) {
              expect(result.ok).toBe(true);
            } else {
              expect(result.ok).toBe(false);
              if (!result.ok) expect(DOMAIN_ERROR_CODES).toContain(result.code);
            }
          }
        },
      ),
    );
  });

  it('never throws, whatever the status, role, reason or time', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CHECK_TYPES),
        fc.constantFrom(...CHECK_STATUSES),
        fc.constantFrom(...CHECK_ACTIONS),
        fc.constantFrom(...ROLES),
        fc.option(fc.string(), { nil: undefined }),
        fc.date({ noInvalidDate: false }),
        (type, status, action, role, reason, now) => {
          const result = decide({ type, status, attempt: 1 }, action, { role, actor: 'x', reason, now });
          expect(typeof result.ok).toBe('boolean');
        },
      ),
    );
  });
});
