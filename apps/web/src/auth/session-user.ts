import type { AccountInfo } from '@azure/msal-browser';
import { type Role, rolesFromClaim } from '@portal/domain';

export type { Role };

/** spec §3 session user: the identity account, its name and sign-in name from the token, and its roles. */
export interface SessionUser {
  account: AccountInfo;
  name: string;
  username: string;
  roles: Role[];
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

export function toSessionUser(account: AccountInfo): SessionUser {
  const claims = account.idTokenClaims ?? {};
  const signInNames = claims.signInNames as { emailAddress?: unknown } | undefined;
  const emails = Array.isArray(claims.emails) ? claims.emails : [];
  // identity.md #9: MSAL's account.username is empty for B2C; the sign-in name is in these claims.
  const username = text(signInNames?.emailAddress) ?? text(emails[0]) ?? account.username;
  const roles = rolesFromClaim(claims.roles);
  return { account, name: text(claims.name) ?? account.name ?? username, username, roles };
}

/** spec §6: a role check is true when the user's role list contains it. */
export const hasRole = (user: SessionUser | null | undefined, role: Role): boolean =>
  !!user?.roles.includes(role);

/** spec §4: where a connected user opening '' goes: EMVO first, then ADMIN, then EXTERNAL; none without a role. */
export function landingPath(user: SessionUser): string | undefined {
  if (hasRole(user, 'EMVO')) return '/emvo';
  if (hasRole(user, 'ADMIN')) return '/admin';
  if (hasRole(user, 'EXTERNAL')) return '/external';
  return undefined;
}

/** spec §4: a token whose acr differs from the configured login policy (compared case-insensitively). */
export function hasForeignPolicy(account: AccountInfo, loginPolicy: string): boolean {
  const claims = account.idTokenClaims ?? {};
  const policy = text(claims.acr) ?? text(claims.tfp) ?? '';
  return policy.toLowerCase() !== loginPolicy.toLowerCase();
}
