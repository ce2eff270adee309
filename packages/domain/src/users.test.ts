import { describe, expect, it } from 'vitest';
import {
  adminStandingSetters,
  type CompanyCallerState,
  checkUserChange,
  companyCallerRefusal,
  companyRemoval,
  isActiveAdmin,
  managesPeople,
  mayJoinCompany,
  mayRemoveAdmin,
  type PersonStanding,
  USER_RULE_STATUS,
  type UserState,
  withdrawnByPortal,
} from './users.js';

const admin: UserState = { roles: ['ADMIN'], status: 'ACTIVE' };
const adminReviewer: UserState = { roles: ['ADMIN', 'EMVO'], status: 'ACTIVE' };
const reviewer: UserState = { roles: ['EMVO'], status: 'ACTIVE' };
const external: UserState = { roles: ['EXTERNAL'], status: 'ACTIVE' };
const other = { self: false, activeAdmins: 2 };

const code = (result: ReturnType<typeof checkUserChange>) => (result.ok ? 'OK' : result.code);

describe('checkUserChange (admins and the last admin)', () => {
  it('refuses an admin disabling themselves, whatever the count', () => {
    expect(code(checkUserChange(admin, { status: 'DISABLED' }, { self: true, activeAdmins: 5 }))).toBe(
      'SELF_DISABLE',
    );
  });

  it('refuses an admin removing their own ADMIN role', () => {
    expect(code(checkUserChange(adminReviewer, { roles: ['EMVO'] }, { self: true, activeAdmins: 5 }))).toBe(
      'SELF_DEMOTION',
    );
  });

  it('lets an admin change their own roles while keeping ADMIN', () => {
    expect(code(checkUserChange(admin, { roles: ['ADMIN', 'EMVO'] }, { self: true, activeAdmins: 1 }))).toBe(
      'OK',
    );
  });

  it('refuses to disable or demote the last active admin', () => {
    expect(code(checkUserChange(admin, { status: 'DISABLED' }, { self: false, activeAdmins: 1 }))).toBe(
      'LAST_ADMIN',
    );
    expect(code(checkUserChange(admin, { roles: ['EMVO'] }, { self: false, activeAdmins: 1 }))).toBe(
      'LAST_ADMIN',
    );
  });

  it('disables or demotes an admin when another active admin remains', () => {
    expect(code(checkUserChange(admin, { status: 'DISABLED' }, other))).toBe('OK');
    expect(code(checkUserChange(adminReviewer, { roles: ['EMVO'] }, other))).toBe('OK');
  });

  it('does not count admins for a change that keeps an admin an admin, or for a non-admin', () => {
    expect(mayRemoveAdmin(admin, { roles: ['ADMIN'] })).toBe(false);
    expect(mayRemoveAdmin(reviewer, { status: 'DISABLED' })).toBe(false);
    expect(mayRemoveAdmin({ roles: ['ADMIN'], status: 'DISABLED' }, { roles: ['EMVO'] })).toBe(false);
    expect(code(checkUserChange(reviewer, { status: 'DISABLED' }, { self: false, activeAdmins: 0 }))).toBe(
      'OK',
    );
  });

  it('changes roles of internal users only, access of external users only', () => {
    expect(code(checkUserChange(external, { roles: ['EMVO'] }, other))).toBe('ROLE_INTERNAL_ONLY');
    expect(code(checkUserChange(reviewer, { access: 'REVOKED' }, other))).toBe('ACCESS_EXTERNAL_ONLY');
    expect(code(checkUserChange(external, { access: 'READ_ONLY' }, other))).toBe('OK');
  });

  it('enables a disabled user, not an invited one', () => {
    expect(code(checkUserChange({ ...reviewer, status: 'DISABLED' }, { status: 'ACTIVE' }, other))).toBe(
      'OK',
    );
    expect(code(checkUserChange({ ...reviewer, status: 'INVITED' }, { status: 'ACTIVE' }, other))).toBe(
      'USER_NOT_DISABLED',
    );
  });

  it('counts only ACTIVE users with ADMIN as active admins', () => {
    expect(isActiveAdmin(admin)).toBe(true);
    expect(isActiveAdmin({ roles: ['ADMIN'], status: 'INVITED' })).toBe(false);
    expect(isActiveAdmin(reviewer)).toBe(false);
  });

  it('answers a wrong kind of change with 400 and a refused one with 409', () => {
    expect(USER_RULE_STATUS.ROLE_INTERNAL_ONLY).toBe(400);
    expect(USER_RULE_STATUS.ACCESS_EXTERNAL_ONLY).toBe(400);
    expect(USER_RULE_STATUS.LAST_ADMIN).toBe(409);
    expect(USER_RULE_STATUS.SELF_DISABLE).toBe(409);
  });
});

describe('companyCallerRefusal (who acts for a company)', () => {
  const active: CompanyCallerState = { organisationId: 'org-1', status: 'ACTIVE', access: 'FULL' };
  it.each<[string, CompanyCallerState | undefined, 'read' | 'write', string | null]>([
    ['an active user with full access reads and writes', active, 'write', null],
    ['no user row', undefined, 'read', 'Your account belongs to no onboarding company'],
    [
      'a user of no organisation',
      { ...active, organisationId: null },
      'read',
      'Your account belongs to no onboarding company',
    ],
    [
      'an invitation not accepted',
      { ...active, status: 'INVITED' },
      'read',
      'Accept your invitation first to act for your company',
    ],
    [
      'a disabled user',
      { ...active, status: 'DISABLED' },
      'read',
      'Your access to this company has been withdrawn',
    ],
    [
      'revoked access',
      { ...active, access: 'REVOKED' },
      'read',
      'Your access to this company has been withdrawn',
    ],
    ['read-only access reads', { ...active, access: 'READ_ONLY' }, 'read', null],
    [
      'read-only access does not write',
      { ...active, access: 'READ_ONLY' },
      'write',
      'Your access to this company is read-only',
    ],
  ])('%s', (_rule, caller, mode, refusal) => {
    expect(companyCallerRefusal(caller, mode)).toBe(refusal);
  });
});

describe("managesPeople (domain.md People: who manages a company's people)", () => {
  it.each([
    ['the SPOC with full access', 'SPOC', 'FULL', true],
    ['the Initial Requester with full access', 'INITIAL_REQUESTER', 'FULL', true],
    ['the SPOC Assistant', 'SPOC_ASSISTANT', 'FULL', false],
    ['the SPOC with read-only access', 'SPOC', 'READ_ONLY', false],
    ['a user of no company role', null, 'FULL', false],
  ] as const)('%s: %s', (_who, obpRole, access, manages) => {
    expect(managesPeople({ obpRole, access })).toBe(manages);
  });
});

describe('withdrawnByPortal: who set a withdrawn standing', () => {
  const person = (over: Partial<PersonStanding>): PersonStanding => ({
    status: 'ACTIVE',
    access: 'FULL',
    disabledBy: null,
    revokedBy: null,
    ...over,
  });

  it('is the portal’s when an administrator disabled or revoked, or nobody recorded who did', () => {
    expect(withdrawnByPortal(person({}))).toBe(false);
    expect(withdrawnByPortal(person({ access: 'READ_ONLY' }))).toBe(false);
    expect(withdrawnByPortal(person({ status: 'INVITED' }))).toBe(false);
    expect(withdrawnByPortal(person({ status: 'DISABLED', disabledBy: 'ADMIN' }))).toBe(true);
    expect(withdrawnByPortal(person({ access: 'REVOKED', revokedBy: 'ADMIN' }))).toBe(true);
    expect(withdrawnByPortal(person({ status: 'DISABLED' }))).toBe(true);
    expect(withdrawnByPortal(person({ access: 'REVOKED' }))).toBe(true);
  });

  it('is not when the company removed the person itself', () => {
    expect(withdrawnByPortal(person(companyRemoval({ access: 'FULL', revokedBy: null })))).toBe(false);
    expect(withdrawnByPortal(person(companyRemoval({ access: 'READ_ONLY', revokedBy: null })))).toBe(false);
  });

  it('stays the portal’s when the company removes a person an administrator revoked', () => {
    const removed = companyRemoval({ access: 'REVOKED', revokedBy: 'ADMIN' });
    expect(removed).toMatchObject({ disabledBy: 'COMPANY', revokedBy: 'ADMIN' });
    expect(withdrawnByPortal(person(removed))).toBe(true);
    expect(withdrawnByPortal(person(companyRemoval({ access: 'REVOKED', revokedBy: null })))).toBe(true);
  });

  it('records an administrator as the setter of what they withdraw, and clears it when they restore', () => {
    expect(adminStandingSetters({})).toEqual({});
    expect(adminStandingSetters({ status: 'DISABLED' })).toEqual({ disabledBy: 'ADMIN' });
    expect(adminStandingSetters({ status: 'ACTIVE' })).toEqual({ disabledBy: null });
    expect(adminStandingSetters({ access: 'REVOKED' })).toEqual({ revokedBy: 'ADMIN' });
    expect(adminStandingSetters({ access: 'FULL' })).toEqual({ revokedBy: null });
    expect(adminStandingSetters({ access: 'READ_ONLY', status: 'DISABLED' })).toEqual({
      disabledBy: 'ADMIN',
      revokedBy: null,
    });
  });
});

describe('mayJoinCompany: who accepts a company’s invitation to an existing account', () => {
  const account = {
    roles: ['EXTERNAL'] as const,
    status: 'ACTIVE' as const,
    organisationId: null,
    access: 'FULL' as const,
  };
  it('is an external account of no company, not withdrawn', () => {
    expect(mayJoinCompany(account)).toBe(true);
    expect(mayJoinCompany({ ...account, status: 'INVITED' })).toBe(true);
    expect(mayJoinCompany({ ...account, organisationId: 'o1' })).toBe(false);
    expect(mayJoinCompany({ ...account, roles: ['EMVO'] })).toBe(false);
    expect(mayJoinCompany({ ...account, roles: ['ADMIN', 'EXTERNAL'] })).toBe(false);
    expect(mayJoinCompany({ ...account, status: 'DISABLED' })).toBe(false);
    expect(mayJoinCompany({ ...account, access: 'REVOKED' })).toBe(false);
  });
});
