import type { SessionUser } from '../auth/session-user';

/**
 * Whether the actor of a change or a presence is the signed-in user. The API names a caller by the access
 * token's email, else its subject (apps/api http/caller.ts); the session knows the ID token's, which are
 * the same person's. Compared without case, as the API compares emails.
 */
export function isSelf(user: SessionUser | null, actor: string | null): boolean {
  if (!user || !actor) return false;
  const claims = user.account.idTokenClaims ?? {};
  const emails = Array.isArray(claims.emails) ? claims.emails : [];
  const names = [user.username, emails[0], claims.sub, claims.oid, user.account.localAccountId];
  const wanted = actor.toLowerCase();
  return names.some((name) => typeof name === 'string' && name !== '' && name.toLowerCase() === wanted);
}
