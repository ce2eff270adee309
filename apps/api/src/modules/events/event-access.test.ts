import type { ChangeEvent, PresenceEvent } from '@portal/contracts';
import type { Role } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { type StreamCaller, seesActors, seesChange, seesPresence, withoutActor } from './event-access.js';

// "filtered per caller by the same access rules as the routes: a company receives only
// its own organisation's events; reviewers the review events; admins theirs".

const OWN = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';

const caller = (roles: Role[], organisationId: string | null = null): StreamCaller => ({
  subject: 'oid-caller',
  email: 'caller@portal.test',
  name: null,
  roles,
  organisationId,
});

const change = (organisationId: string | null): ChangeEvent => ({
  id: '42',
  kind: 'check',
  action: 'APPROVE',
  entityId: '33333333-3333-4333-8333-333333333333',
  organisationId,
  version: 3,
  checkType: 'LEGITIMACY',
  actor: 'rita@emvo.test',
  actorName: 'Rita Reviewer',
  at: '2026-03-02T09:00:00.000Z',
});

const presence: PresenceEvent = {
  checkId: '33333333-3333-4333-8333-333333333333',
  organisationId: OWN,
  viewer: 'rita@emvo.test',
  viewerName: 'Rita Reviewer',
  state: 'viewing',
  expiresAt: '2026-03-02T09:00:45.000Z',
};

describe('who receives what', () => {
  it.each([
    ['a company user, a change of their own organisation', caller(['EXTERNAL'], OWN), OWN, true],
    ["a company user, another organisation's change", caller(['EXTERNAL'], OWN), OTHER, false],
    ['a company user, a change of no organisation', caller(['EXTERNAL'], OWN), null, false],
    ['a company user acting for no company, any change', caller(['EXTERNAL'], null), OWN, false],
    ['a reviewer, any organisation', caller(['EMVO']), OTHER, true],
    ['an administrator, any organisation', caller(['ADMIN']), OTHER, true],
    ['a user without roles, anything', caller([]), OWN, false],
  ] as const)('%s: %s', (_name, who, organisationId, sees) => {
    expect(seesChange(who, change(organisationId))).toBe(sees);
  });

  it.each([
    ['a reviewer', caller(['EMVO']), true, true],
    ['an administrator', caller(['ADMIN']), true, false],
    ['a company user', caller(['EXTERNAL'], OWN), false, false],
    ['an administrator who also reviews', caller(['ADMIN', 'EMVO']), true, true],
  ] as const)('%s is shown who made a change: %s; receives presence: %s', (_name, who, actors, present) => {
    expect(seesActors(who)).toBe(actors);
    expect(seesPresence(who, presence)).toBe(present);
  });

  // Reviewers working together: an assignment or an internal note on the company's own check is the
  // reviewers' business; the company's stream never hears of it, reviewers and administrators do.
  it.each(['TAKE_CHECK', 'ASSIGN_CHECK', 'UNASSIGN_CHECK', 'ADD_NOTE'])(
    'keeps %s on the company’s own check from the company, not from reviewers or administrators',
    (action) => {
      const work = { ...change(OWN), action, version: action === 'ADD_NOTE' ? null : 4 };
      expect(seesChange(caller(['EXTERNAL'], OWN), work)).toBe(false);
      expect(seesChange(caller(['EMVO']), work)).toBe(true);
      expect(seesChange(caller(['ADMIN']), work)).toBe(true);
    },
  );

  it('still sends the company its check’s transitions and its other kinds of change', () => {
    expect(seesChange(caller(['EXTERNAL'], OWN), { ...change(OWN), action: 'START' })).toBe(true);
    // Only a check's event of that name is the reviewers' own.
    expect(
      seesChange(caller(['EXTERNAL'], OWN), { ...change(OWN), kind: 'application', action: 'ADD_NOTE' }),
    ).toBe(true);
  });

  it('sends a company the change without who made it, and nothing else changed', () => {
    expect(withoutActor(change(OWN))).toEqual({ ...change(OWN), actor: null, actorName: null });
  });
});
