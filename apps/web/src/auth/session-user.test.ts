import type { AccountInfo } from '@azure/msal-browser';
import { describe, expect, it } from 'vitest';
import { hasForeignPolicy, hasRole, landingPath, toSessionUser } from './session-user';

const account = (claims: Record<string, unknown>): AccountInfo => ({
  homeAccountId: 'home',
  environment: 'login',
  tenantId: 'tenant',
  username: '',
  localAccountId: 'local',
  name: 'Account Name',
  idTokenClaims: claims,
});

describe('toSessionUser (spec §3 session user)', () => {
  it.each([
    [
      'the sign-in name comes from signInNames.emailAddress first',
      { signInNames: { emailAddress: 'a@x.test' }, emails: ['b@x.test'] },
      'a@x.test',
    ],
    ['then from emails[0]', { emails: ['b@x.test', 'c@x.test'] }, 'b@x.test'],
  ])('%s', (_rule, claims, username) => {
    expect(toSessionUser(account(claims)).username).toBe(username);
  });

  it('takes the name from the token', () => {
    expect(toSessionUser(account({ name: 'Rita Reviewer' })).name).toBe('Rita Reviewer');
  });

  it.each([
    ['EmvoPortalAdmin is ADMIN', ['EmvoPortalAdmin'], ['ADMIN']],
    ['EmvoPortalInternal is EMVO', ['EmvoPortalInternal'], ['EMVO']],
    ['EmvoPortalExternal is EXTERNAL', ['EmvoPortalExternal'], ['EXTERNAL']],
    ['several roles', ['EmvoPortalInternal', 'EmvoPortalAdmin'], ['ADMIN', 'EMVO']],
    ['unknown names give no role', ['Admin'], []],
  ])('maps roles: %s', (_rule, roles, expected) => {
    expect(toSessionUser(account({ roles })).roles).toEqual(expected);
  });
});

describe('landingPath (spec §4)', () => {
  it.each([
    ['EMVO goes to /emvo', ['EmvoPortalInternal'], '/emvo'],
    ['EMVO wins over ADMIN', ['EmvoPortalAdmin', 'EmvoPortalInternal'], '/emvo'],
    ['ADMIN goes to /admin', ['EmvoPortalAdmin'], '/admin'],
    ['EXTERNAL goes to /external', ['EmvoPortalExternal'], '/external'],
    ['no role goes nowhere (logged out)', [], undefined],
  ])('%s', (_rule, roles, expected) => {
    expect(landingPath(toSessionUser(account({ roles })))).toBe(expected);
  });
});

describe('hasRole (spec §6)', () => {
  it('is true when the role list contains the role', () => {
    const user = toSessionUser(account({ roles: ['EmvoPortalAdmin'] }));
    expect(hasRole(user, 'ADMIN')).toBe(true);
    expect(hasRole(user, 'EMVO')).toBe(false);
    expect(hasRole(null, 'ADMIN')).toBe(false);
  });
});

describe('hasForeignPolicy (spec §4 acr check)', () => {
  it.each([
    ['the login policy is not foreign', { acr: 'b2c_1_signin' }, false],
    ['case does not matter', { acr: 'B2C_1_SignIn' }, false],
    ['tfp counts when acr is absent', { tfp: 'B2C_1_SIGNIN' }, false],
    ['the reset policy is foreign', { acr: 'b2c_1_reset' }, true],
    ['no policy claim is foreign', {}, true],
  ])('%s', (_rule, claims, expected) => {
    expect(hasForeignPolicy(account(claims), 'b2c_1_signin')).toBe(expected);
  });
});
