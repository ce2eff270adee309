import { ROLES, type Role } from './enums.js';

/** spec §3: the name the identity token's roles claim gives each role. */
export const CLAIM_BY_ROLE = {
  ADMIN: 'EmvoPortalAdmin',
  EMVO: 'EmvoPortalInternal',
  EXTERNAL: 'EmvoPortalExternal',
} as const satisfies Record<Role, string>;

const ROLE_BY_CLAIM = new Map<unknown, Role>(ROLES.map((role) => [CLAIM_BY_ROLE[role], role]));

/**
 * spec §3: the roles a token's roles claim grants, in ROLES' order: an array of names, or one string of
 * names split by spaces or commas (as some providers send a single role); a name it does not know grants
 * nothing.
 */
export function rolesFromClaim(claim: unknown): Role[] {
  const names = Array.isArray(claim) ? claim : typeof claim === 'string' ? claim.split(/[\s,]+/) : [];
  const granted = new Set(names.map((name) => ROLE_BY_CLAIM.get(name)));
  return ROLES.filter((role) => granted.has(role));
}
