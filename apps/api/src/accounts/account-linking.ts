import { changedFields, invitationRedeemed } from '@portal/domain';
import type { Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import { writeAudit } from '../db/audit.js';
import { UNIQUE_VIOLATION, violates } from '../db/pg-errors.js';
import type { DB } from '../db/schema.js';

type UserStatus = 'INVITED' | 'ACTIVE' | 'DISABLED';

/** A portal user as the claims endpoint found them. */
export interface LinkableUser {
  id: string;
  email: string;
  externalId: string | null;
  status: UserStatus;
}

/**
 * A user's registrations still waiting for the sign-in account (CONFIRMED, B2C) become COMPLETED: after
 * that a resend answers spec §8's "registration status is completed".
 */
export async function completeRegistrationsOf(
  trx: Transaction<DB>,
  userId: string,
  actor: string,
): Promise<void> {
  const completed = await trx
    .updateTable('registrations')
    .set({
      status: 'COMPLETED',
      updatedAt: new Date(),
      updatedBy: actor,
      version: sql<number>`version + 1`,
    })
    .where('userId', '=', userId)
    .where('status', '=', 'CONFIRMED')
    .returning('id')
    .execute();
  for (const { id } of completed) {
    await writeAudit(trx, {
      actor,
      action: 'COMPLETE',
      entity: 'registration',
      entityId: id,
      diff: { status: { from: 'CONFIRMED', to: 'COMPLETED' } },
    });
  }
}

/**
 * Whether an INVITED user has used their newest invitation link (domain invitationRedeemed): a person
 * their company invited again is linked already, and signing in is no acceptance of the new invitation.
 * The links of a company's invitation of an existing account are that invitation's, not this user's.
 */
export async function invitationRedeemedBy(db: Kysely<DB>, userId: string): Promise<boolean> {
  const newest = await db
    .selectFrom('accountTokens')
    .select('usedAt')
    .where('userId', '=', userId)
    .where('purpose', '=', 'INVITATION')
    .where('personInvitationId', 'is', null)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return invitationRedeemed(newest);
}

/** Whether the claims endpoint has something to link: a new B2C account, or an invited user's first login. */
export const needsLinking = (user: LinkableUser, objectId: string): boolean =>
  user.externalId === null || (user.externalId === objectId && user.status === 'INVITED');

/**
 * B2C: the person confirmed their registration (or accepted an invitation) on the portal, then signed up
 * at B2C with the same address. At that first sign-in the claims endpoint links the B2C account (its
 * object id becomes the user's externalId), activates the invited user and completes the registration,
 * in one transaction with their audit rows. The registrations are updated before the user, the order a
 * confirmation takes, so the two never wait on each other.
 */
export async function linkExternalAccount(
  db: Kysely<DB>,
  user: LinkableUser,
  objectId: string,
): Promise<void> {
  const actor = user.email;
  const status: UserStatus = user.status === 'INVITED' ? 'ACTIVE' : user.status;
  try {
    await db.transaction().execute(async (trx) => {
      await completeRegistrationsOf(trx, user.id, actor);
      const linked = await trx
        .updateTable('users')
        .set({
          externalId: objectId,
          status,
          updatedAt: new Date(),
          updatedBy: actor,
          version: sql<number>`version + 1`,
        })
        .where('id', '=', user.id)
        .where('status', '!=', 'DISABLED')
        .where((eb) => eb.or([eb('externalId', 'is', null), eb('externalId', '=', objectId)]))
        .executeTakeFirst();
      if (linked.numUpdatedRows === 0n) return;
      await writeAudit(trx, {
        actor,
        action: 'LINK_ACCOUNT',
        entity: 'user',
        entityId: user.id,
        diff: changedFields(
          { externalId: user.externalId, status: user.status },
          { externalId: objectId, status },
        ),
      });
    });
  } catch (error) {
    // Another sign-in linked this B2C account to the same user a moment ago: nothing left to do.
    if (violates(error, UNIQUE_VIOLATION, 'users_external_id_key')) return;
    throw error;
  }
}
