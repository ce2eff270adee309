import { USER_EMAIL_TAKEN, type UserInvitationInput } from '@portal/contracts';
import { invitedUser } from '@portal/domain';
import { type Kysely, sql } from 'kysely';
import { confirmationLink, issueAccountToken } from '../../accounts/account-tokens.js';
import { writeAudit } from '../../db/audit.js';
import { UNIQUE_VIOLATION, violates } from '../../db/pg-errors.js';
import type { DB } from '../../db/schema.js';
import { ApiError } from '../../http/api-error.js';
import type { Outbox } from '../../mail/outbox.js';
import { internalInvitationMail } from './user-mails.js';

export interface InvitationServices {
  mail: Outbox;
  appName: string;
  /** The portal's origin, for the mail's link to the /confirm page. */
  publicUrl: string;
}

const emailTaken = () => new ApiError(409, USER_EMAIL_TAKEN, 'This email address already belongs to a user');

/**
 * POST /api/users/invitations, in one transaction: an internal user (ADMIN or EMVO, no company) INVITED,
 * a single-use INVITATION token (accounts/account-tokens.ts, valid a week), the mail with its link and an
 * audit row. An address that is already a user's answers 409 USER_EMAIL_TAKEN (checked first, and by the
 * unique index when two admins invite the same address at once). Answers the new user's id.
 */
export async function inviteUser(
  db: Kysely<DB>,
  services: InvitationServices,
  actor: string,
  input: UserInvitationInput,
): Promise<string> {
  const invited = invitedUser(input);
  const { email } = invited;
  try {
    return await db.transaction().execute(async (trx) => {
      const existing = await trx
        .selectFrom('users')
        .select('id')
        .where(sql`lower(email)`, '=', email.toLowerCase())
        .executeTakeFirst();
      if (existing) throw emailTaken();
      const { id } = await trx
        .insertInto('users')
        .values({ ...invited, createdBy: actor, updatedBy: actor })
        .returning('id')
        .executeTakeFirstOrThrow();
      const token = await issueAccountToken(trx, { purpose: 'INVITATION', userId: id });
      await services.mail.enqueue(
        trx,
        internalInvitationMail({
          appName: services.appName,
          to: email,
          firstName: input.firstName,
          role: input.role,
          link: confirmationLink(services.publicUrl, token),
        }),
      );
      await writeAudit(trx, {
        actor,
        action: 'INVITE',
        entity: 'user',
        entityId: id,
        diff: invited,
      });
      return id;
    });
  } catch (error) {
    if (violates(error, UNIQUE_VIOLATION, 'users_email_key')) throw emailTaken();
    throw error;
  }
}
