import { type Kysely, sql } from 'kysely';
import type { DB, Role } from '../../db/schema.js';
import type { SessionUser, UserStanding } from '../../plugins/auth.js';

/**
 * Whether the signed-in user may still call the API (issue 13): a DISABLED user may not, nor an external
 * user whose access is REVOKED. The user is found as sign-ins.ts links them: by the token's subject, else
 * (not linked yet) by email. A subject the directory does not know keeps the token's word: the provider
 * only signs in users of the directory (the local provider reads it, B2C asks the claims endpoint).
 */
export async function userStanding(db: Kysely<DB>, user: SessionUser): Promise<UserStanding> {
  const email = (user.email ?? '').toLowerCase();
  const row = await db
    .selectFrom('users')
    .select(['status', 'access', 'roles'])
    .where((eb) =>
      eb.or([
        eb('externalId', '=', user.subject),
        eb.and([eb('externalId', 'is', null), eb(sql`lower(email)`, '=', email)]),
      ]),
    )
    // The linked row first, should an unlinked one carry the same address.
    .orderBy(sql`external_id is null`)
    .limit(1)
    .executeTakeFirst();
  return row ? standingOf(row) : 'ok';
}

/**
 * A directory row's standing: a DISABLED user, or an external user whose access to their company is
 * REVOKED, may call nothing. The API's standing check and the claims endpoint B2C calls at sign-in both
 * read it, so a user every route refuses is not signed in at all.
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
