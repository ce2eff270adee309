import { describe, expect, it } from 'vitest';
import {
  accessTokenClaims,
  idTokenClaims,
  type PortalUser,
  resourceIndicator,
  scopeName,
  subjectOf,
} from './claims.js';

const user: PortalUser = {
  id: '6f1c2d3e-0000-4000-8000-000000000001',
  externalId: null,
  email: 'lead@portal.test',
  displayName: 'Lena Lead',
  roles: ['ADMIN', 'EMVO'],
  status: 'ACTIVE',
  access: 'FULL',
  passwordHash: null,
};

describe('claims', () => {
  it.each([
    [['ADMIN'], ['EmvoPortalAdmin']],
    [['EMVO'], ['EmvoPortalInternal']],
    [['EXTERNAL'], ['EmvoPortalExternal']],
    [
      ['ADMIN', 'EMVO'],
      ['EmvoPortalAdmin', 'EmvoPortalInternal'],
    ],
    [[], []],
  ] as const)('spec §3: roles %j become the roles claim %j', (roles, claim) => {
    expect(accessTokenClaims({ ...user, roles: [...roles] }, 'b2c_1_signin', 'x/y', 'spa').roles).toEqual(
      claim,
    );
  });

  it('uses the B2C object id as subject once linked, else the portal id', () => {
    expect(subjectOf(user)).toBe(user.id);
    expect(subjectOf({ ...user, externalId: 'oid-1' })).toBe('oid-1');
  });

  it('puts the policy in lower case in acr and tfp, and the sign-in name where the SPA reads it', () => {
    expect(idTokenClaims(user, 'B2C_1_SignIn')).toMatchObject({
      sub: user.id,
      oid: user.id,
      acr: 'b2c_1_signin',
      tfp: 'b2c_1_signin',
      emails: ['lead@portal.test'],
      'signInNames.emailAddress': 'lead@portal.test',
    });
  });

  it.each([
    [
      'https://emvoportal.onmicrosoft.com/portal-api/access_as_user',
      'access_as_user',
      'https://emvoportal.onmicrosoft.com/portal-api',
    ],
    ['api://portal-api/read', 'read', 'api://portal-api'],
    ['access_as_user', 'access_as_user', 'api://portal-api'],
  ])('scope %s: scp %s, resource indicator %s', (scope, scp, resource) => {
    expect(scopeName(scope)).toBe(scp);
    expect(resourceIndicator(scope, 'portal-api')).toBe(resource);
  });
});
