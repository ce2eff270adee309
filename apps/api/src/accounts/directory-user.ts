import { type Kysely, sql } from 'kysely';
import type { DB, Role } from '../db/schema.js';
import type { SessionUser } from '../plugins/auth.js';

/** What the API needs of the user behind a token: who they are, their company, access and status. */
export interface DirectoryUser {
  id: string;
  organisationId: string | null;
  roles: Role[];
  access: 'FULL' | 'READ_ONLY' | 'REVOKED';
  status: 'INVITED' | 'ACTIVE' | 'DISABLED';
}

/**
 * The portal user behind a token: the row whose external_id is the token's subject, else (a user who has
 * not been linked yet) the unlinked row with the token's email, as recordSignIn links them. A row linked
 * to another subject is never matched by email, so a second account with the same address reads nothing.
 * The one lookup behind the API's standing check and every route's caller.
 */
export async function findDirectoryUser(
  db: Kysely<DB>,
  user: Pick<SessionUser, 'subject' | 'email'>,
): Promise<DirectoryUser | undefined> {
  const email = user.email?.toLowerCase();
  return (
    db
      .selectFrom('users')
      .select(['id', 'organisationId', 'roles', 'access', 'status'])
      .where((eb) =>
        eb.or([
          eb('externalId', '=', user.subject),
          ...(email ? [eb.and([eb('externalId', 'is', null), eb(sql`lower(email)`, '=', email)])] : []),
        ]),
      )
      // The subject's own row first, should an unlinked row share its email.
      .orderBy(sql`external_id is null`)
      .limit(1)
      .executeTakeFirst()
  );
}
