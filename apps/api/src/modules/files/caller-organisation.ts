import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { SessionUser } from '../../plugins/auth.js';

export interface Caller {
  userId: string;
  organisationId: string | null;
  access: 'FULL' | 'READ_ONLY' | 'REVOKED';
  status: 'INVITED' | 'ACTIVE' | 'DISABLED';
}

/**
 * The portal user behind a token: the row whose external_id is the token's subject, else (a user who has
 * not been linked yet) the unlinked row with the token's email, as recordSignIn links them. A row linked
 * to another subject is never matched by email, so a second account with the same address reads nothing.
 */
export async function findCaller(db: Kysely<DB>, user: SessionUser): Promise<Caller | undefined> {
  const email = user.email?.toLowerCase();
  const row = await db
    .selectFrom('users')
    .select(['id', 'organisationId', 'access', 'status', 'externalId'])
    .where((eb) =>
      eb.or([
        eb('externalId', '=', user.subject),
        ...(email ? [eb.and([eb('externalId', 'is', null), eb(sql`lower(email)`, '=', email)])] : []),
      ]),
    )
    // The subject's own row first, should an unlinked row share its email.
    .orderBy(sql`external_id is null`)
    .limit(1)
    .executeTakeFirst();
  if (!row) return undefined;
  return { userId: row.id, organisationId: row.organisationId, access: row.access, status: row.status };
}

/**
 * The organisation an EXTERNAL caller acts for, or null: no user row, no organisation, or a user whose
 * access is revoked or who is disabled (domain.md User), who keeps a valid token until it expires.
 */
export async function callerOrganisationId(db: Kysely<DB>, user: SessionUser): Promise<string | null> {
  const caller = await findCaller(db, user);
  if (!caller || caller.access === 'REVOKED' || caller.status === 'DISABLED') return null;
  return caller.organisationId;
}
