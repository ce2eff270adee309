import type { Kysely } from 'kysely';
import type { DB, Role } from '../db/schema.js';
import type { SessionUser, UserStanding } from '../plugins/auth.js';
import { findDirectoryUser } from './directory-user.js';

/**
 * Whether the signed-in user may still call the API: only an ACTIVE user the directory
 * knows. A DISABLED user may not, nor an external user whose access is REVOKED, nor an INVITED one (a
 * person invited again keeps an old token: it works once they have accepted the invitation), nor a token
 * whose subject and email the directory does not know (the provider should sign in no such user; should it,
 * the token opens nothing).
 */
export async function userStanding(db: Kysely<DB>, user: SessionUser): Promise<UserStanding> {
  return (await currentStanding(db, user)).standing;
}

/**
 * The user's standing and what the directory says of their roles now: a token keeps the roles it was
 * issued with until it expires, the directory's change at once. What outlives a request (a live stream's
 * ticket) takes only the roles both grant (`rolesStillHeld`).
 */
export async function currentStanding(
  db: Kysely<DB>,
  user: Pick<SessionUser, 'subject' | 'email'>,
): Promise<{ standing: UserStanding; roles: Role[] }> {
  const row = await findDirectoryUser(db, user);
  if (!row) return { standing: 'unknown', roles: [] };
  return { standing: row.status === 'INVITED' ? 'inactive' : standingOf(row), roles: row.roles };
}

/** The token's roles the directory still grants: a role an administrator removed is not among them. */
export const rolesStillHeld = (granted: readonly Role[], stored: readonly Role[]): Role[] =>
  granted.filter((role) => stored.includes(role));

/**
 * A directory row's standing: a DISABLED user, or an external user whose access to their company is
 * REVOKED, may call nothing. The API's standing check and the claims endpoint B2C calls at sign-in both
 * read it, so a user every route refuses is not signed in at all (an INVITED user is signed in there: the
 * first sign-in is what activates them, account-linking.ts).
 */
export function standingOf(row: {
  status: 'INVITED' | 'ACTIVE' | 'DISABLED';
  access: 'FULL' | 'READ_ONLY' | 'REVOKED';
  roles: readonly Role[];
}): UserStanding {
  if (row.status === 'DISABLED') return 'disabled';
  if (row.roles.includes('EXTERNAL') && row.access === 'REVOKED') return 'revoked';
  return 'ok';
}
