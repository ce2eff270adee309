import { type Kysely, sql } from 'kysely';
import { findDirectoryUser } from '../../accounts/directory-user.js';
import type { DB } from '../../db/schema.js';
import type { SessionUser } from '../../plugins/auth.js';

/**
 * Records a sign-in: the user's lastLoginAt becomes the token's issue time. The provider's subject is
 * linked to the user on the first call (by email), as B2C object ids are only known once someone signs in.
 * Only the one row the directory finds for the token is touched: an unlinked row that shares the email of a
 * subject already linked elsewhere stays as it is (linking it too would break the subject's uniqueness).
 */
export async function recordSignIn(db: Kysely<DB>, user: SessionUser): Promise<void> {
  const found = await findDirectoryUser(db, user);
  if (!found) return;
  await db
    .updateTable('users')
    .set({ lastLoginAt: user.issuedAt, externalId: sql`coalesce(external_id, ${user.subject})` })
    .where('id', '=', found.id)
    .where((eb) => eb.or([eb('lastLoginAt', 'is', null), eb('lastLoginAt', '<', user.issuedAt)]))
    .execute();
}
