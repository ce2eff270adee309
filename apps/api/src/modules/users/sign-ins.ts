import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { SessionUser } from '../../plugins/auth.js';

/**
 * Records a sign-in: the user's lastLoginAt becomes the token's issue time. The provider's subject is
 * linked to the user on the first call (by email), as B2C object ids are only known once someone signs in.
 */
export async function recordSignIn(db: Kysely<DB>, user: SessionUser): Promise<void> {
  await db
    .updateTable('users')
    .set({ lastLoginAt: user.issuedAt, externalId: sql`coalesce(external_id, ${user.subject})` })
    .where((eb) =>
      eb.or([
        eb('externalId', '=', user.subject),
        eb.and([eb('externalId', 'is', null), eb(sql`lower(email)`, '=', (user.email ?? '').toLowerCase())]),
      ]),
    )
    .where((eb) => eb.or([eb('lastLoginAt', 'is', null), eb('lastLoginAt', '<', user.issuedAt)]))
    .execute();
}
