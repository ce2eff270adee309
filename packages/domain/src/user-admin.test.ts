import { describe, expect, it } from 'vitest';
import { invitedUser, userChangeAction, userChangeRefusal } from './user-admin.js';

describe('user administration', () => {
  it('invites an internal user: INVITED with one role, the address trimmed', () => {
    const input = { email: ' Ann@emvo.test ', firstName: 'Ann', lastName: 'Lee', role: 'EMVO' as const };
    expect(invitedUser(input)).toEqual({
      email: 'Ann@emvo.test',
      displayName: 'Ann Lee',
      roles: ['EMVO'],
      status: 'INVITED',
    });
  });

  it('audits a change as a disable, an enable or an update', () => {
    expect(userChangeAction({ status: 'DISABLED' })).toBe('DISABLE');
    expect(userChangeAction({ status: 'ACTIVE' })).toBe('ENABLE');
    expect(userChangeAction({})).toBe('UPDATE');
  });

  it('refuses a change with its status: the last active admin stays', () => {
    const admin = { roles: ['ADMIN'] as const, status: 'ACTIVE' as const };
    expect(userChangeRefusal(admin, { status: 'DISABLED' }, { self: false, activeAdmins: 1 })).toMatchObject({
      status: expect.any(Number),
      ok: false,
    });
    expect(
      userChangeRefusal(admin, { status: 'DISABLED' }, { self: false, activeAdmins: 2 }),
    ).toBeUndefined();
  });
});
