import { describe, expect, it } from 'vitest';
import { CLAIM_BY_ROLE, rolesFromClaim } from './role-claims.js';

describe('rolesFromClaim (spec §3 roles claim)', () => {
  it.each([
    ['EmvoPortalAdmin is ADMIN', ['EmvoPortalAdmin'], ['ADMIN']],
    ['EmvoPortalInternal is EMVO', ['EmvoPortalInternal'], ['EMVO']],
    ['EmvoPortalExternal is EXTERNAL', ['EmvoPortalExternal'], ['EXTERNAL']],
    ['several roles, in a fixed order', ['EmvoPortalInternal', 'EmvoPortalAdmin'], ['ADMIN', 'EMVO']],
    ['a space-separated string', 'EmvoPortalAdmin EmvoPortalInternal', ['ADMIN', 'EMVO']],
    ['a comma-separated string', 'EmvoPortalInternal, EmvoPortalAdmin', ['ADMIN', 'EMVO']],
    ['unknown values are ignored', ['Admin', 42, null, 'EmvoPortalExternal'], ['EXTERNAL']],
    ['names are case-sensitive', ['emvoportaladmin'], []],
    ['no claim, no role', undefined, []],
    ['an object is no claim', { roles: 'EmvoPortalAdmin' }, []],
  ])('%s', (_rule, claim, expected) => {
    expect(rolesFromClaim(claim)).toEqual(expected);
  });

  it('reads back every role from its claim name', () => {
    expect(rolesFromClaim(Object.values(CLAIM_BY_ROLE))).toEqual(['ADMIN', 'EMVO', 'EXTERNAL']);
  });
});
